import type { InsightPeriod } from '@thankly/api-contract';
import { ButtonLink, Card } from '../components/ui/index.ts';
import { SHOPS_ANCHOR } from '../components/app-shell/app-nav.ts';
import { PRODUCT_PATH } from '../route-meta.ts';

/** No email sent in the period: what the page will show, and how to get there. */
export function InsightsEmptyState({ period }: { period: InsightPeriod }) {
  return (
    <Card aria-labelledby="insights-empty-heading" className="text-center">
      <h2 id="insights-empty-heading" className="text-lg font-semibold">
        No thank-you emails sent in the last {period} days
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-slate-600">
        Once buyers get your thank-you emails, this page shows how many opened them, clicked a link,
        used your coupon or came back to buy again, day by day and per template. Connect a shop, or
        place a few demo orders from the demo shop to see it fill in.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`${PRODUCT_PATH}#${SHOPS_ANCHOR}`}>Connect a shop</ButtonLink>
        <ButtonLink to={PRODUCT_PATH} variant="secondary">
          Go to your templates
        </ButtonLink>
      </div>
    </Card>
  );
}
