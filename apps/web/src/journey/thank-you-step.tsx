// Step 1, fixed: the thank-you email at payment, with the template it sends today.
import { Link } from 'react-router';
import { TRIGGER_LABELS } from '@thankly/api-contract';
import { Badge, Card, TimelineItem } from '../components/ui/index.ts';
import { PRODUCT_PATH } from '../route-meta.ts';

export function ThankYouStep({ templateName }: { templateName: string | null }) {
  return (
    <TimelineItem marker={1}>
      <Card as="div">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-slate-900">Thank-you email</h3>
          <Badge>Always first</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">{TRIGGER_LABELS.paid}</p>
        {templateName ? (
          <p className="mt-3 text-sm text-slate-800">
            Sends <strong className="font-semibold">{templateName}</strong>, the template you
            selected for today.
          </p>
        ) : (
          <p className="mt-3 text-sm text-slate-700">
            No template is selected yet, so buyers get no thank-you.{' '}
            <Link to={PRODUCT_PATH} className="focus-ring font-medium text-brand-700 underline">
              Choose one in Templates
            </Link>
          </p>
        )}
      </Card>
    </TimelineItem>
  );
}
