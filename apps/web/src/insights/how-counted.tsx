// How every number on the page was counted, in the seller's words: the same rules as the server's
// (classify-agent.ts, insights-report.ts) and the Insights section of docs/operating.md.
import {
  ATTRIBUTION_WINDOW_DAYS,
  MIN_DELIVERED_FOR_RATE,
  RATE_FORMULAS,
} from '@thankly/api-contract';
import { Card } from '../components/ui/index.ts';

export const PROXY_OPEN_EXPLAINED =
  'Gmail and Yahoo show images through their own proxy when the person opens the email, so an open through their proxy is counted as a person. Apple Mail’s privacy protection fetches images as soon as the email arrives, read or not, so those are counted apart.';

export function HowCounted({ redemptionWindowDays }: { redemptionWindowDays: number }) {
  return (
    <Card aria-labelledby="insights-how-counted">
      <details>
        <summary className="focus-ring cursor-pointer rounded text-lg font-semibold">
          <span id="insights-how-counted">How these numbers are counted</span>
        </summary>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
          <li>
            <strong>Delivered</strong>: emails sent, less those that bounced back. Every rate is of
            delivered emails, so none can pass 100%.
          </li>
          <li>
            <strong>Open rate</strong>: {RATE_FORMULAS.openRate}. {PROXY_OPEN_EXPLAINED}
          </li>
          <li>
            <strong>Click rate</strong>: {RATE_FORMULAS.clickRate}. “Links followed in all” counts
            each link of an email once, however often it was followed.
          </li>
          <li>
            <strong>Machines, not people</strong>: an open or click within 10 seconds of sending,
            several links of one email followed within 2 seconds of each other, and known scanners
            and link checkers (by the name their software gives) are counted apart, never as people.
          </li>
          <li>
            <strong>Redemptions</strong>: {RATE_FORMULAS.redemptionRate}. An order with your coupon
            code is a redemption only when the same buyer (the same email address) got an email from
            the shop in the {redemptionWindowDays} days before it. Otherwise it is “code used, not
            attributed”: codes get passed on, and an order without a buyer’s address belongs to no
            email.
          </li>
          <li>
            <strong>Repeat orders</strong>: a later order from the same buyer within{' '}
            {ATTRIBUTION_WINDOW_DAYS} days of their email, coupon or not. An order is credited to
            one email at most, and its revenue counted once.
          </li>
          <li>
            <strong>Too few to tell</strong>: under {MIN_DELIVERED_FOR_RATE} delivered emails a
            template’s or step’s rates are not shown; a few buyers more or less would swing them.
          </li>
          <li>Every number is counted on the day its email was sent.</li>
        </ul>
      </details>
    </Card>
  );
}
