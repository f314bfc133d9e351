import { Link } from 'react-router';
import { Palette } from 'lucide-react';
import { PRODUCT_PATH } from '../route-meta.ts';

export const SET_UP_BRAND = 'Set up your brand first';

/** Shown while the seller has no brand: the starters would wear it once it is set. */
export function BrandNudge({ onFollow }: { onFollow: () => void }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
      <Palette aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
      <span>Add your logo and colours once and every design below wears them.</span>
      <Link
        to={`${PRODUCT_PATH}/brand`}
        onClick={onFollow}
        className="focus-ring font-semibold text-brand-700 underline"
      >
        {SET_UP_BRAND}
      </Link>
    </div>
  );
}
