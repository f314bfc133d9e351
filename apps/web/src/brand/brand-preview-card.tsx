// The brand as buyers will see it: a sample email with sample order details, and where to go to
// put it on the templates there are.
import { Link } from 'react-router';
import type { Brand } from '@thankly/api-contract';
import { Card } from '../components/ui/index.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { BrandPreview } from './brand-preview.tsx';

export function BrandPreviewCard({ brand }: { brand: Brand }) {
  return (
    <Card aria-labelledby="brand-preview-heading" className="lg:sticky lg:top-20">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="brand-preview-heading" className="text-lg font-semibold text-slate-900">
          Preview
        </h2>
        <p className="text-xs text-slate-500">A sample email with sample order details</p>
      </div>
      <div className="mt-4">
        <BrandPreview brand={brand} />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Already have templates? Open one and use <strong>Apply brand</strong> in the Style tab. Or{' '}
        <Link to={PRODUCT_PATH} className="focus-ring font-medium text-brand-700 underline">
          start a new template
        </Link>{' '}
        from a starter design.
      </p>
    </Card>
  );
}
