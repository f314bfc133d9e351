// "Apply brand" in the editor's Style tab: the seller's saved brand goes onto the design being
// edited as one undoable step. Without a brand, a link to the Brand page instead.
import { useContext, useState } from 'react';
import { Link } from 'react-router';
import { Palette } from 'lucide-react';
import { Button } from '../components/ui/index.ts';
import { toast } from '../lib/toast.ts';
import { EditorStoreContext, useEditorActions } from '../editor/store/use-editor.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { isBrandEmpty } from './brand-form.ts';
import { useBrand } from './brand-queries.ts';

/** Applying a brand sanitises its sign-off (sanitize-html, about 100 KB): loaded when needed. */
const loadApplyBrandCommand = () => import('./apply-brand-command.ts');

export const APPLY_BRAND_MESSAGES = {
  applied: 'Brand applied',
  unchanged: 'This design already wears your brand.',
  failed: 'Your brand could not be loaded. Try again.',
} as const;

export function ApplyBrand() {
  const brand = useBrand();
  const actions = useEditorActions();
  const store = useContext(EditorStoreContext);
  const [busy, setBusy] = useState(false);

  async function apply() {
    setBusy(true);
    // The newest brand, in case it changed on the Brand page in another tab; the code that applies
    // it loads on first use, at the same time.
    const [fresh, command] = await Promise.all([
      brand.refetch(),
      loadApplyBrandCommand().catch(() => null),
    ]);
    setBusy(false);
    if (!command) {
      toast.error(APPLY_BRAND_MESSAGES.failed, { key: 'apply-brand' });
      return;
    }
    if (fresh.isError || !fresh.data) {
      toast.error(APPLY_BRAND_MESSAGES.failed, { key: 'apply-brand' });
      return;
    }
    const before = store?.getState().design;
    actions.run(command.applyBrandCommand, { brand: fresh.data });
    const changed = store?.getState().design !== before;
    if (changed) toast.success(APPLY_BRAND_MESSAGES.applied, { key: 'apply-brand' });
    else toast.info(APPLY_BRAND_MESSAGES.unchanged, { key: 'apply-brand' });
  }

  return (
    <section
      aria-labelledby="apply-brand-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <h3 id="apply-brand-heading" className="text-xs font-semibold text-slate-700">
        Brand kit
      </h3>
      {brand.isPending ? (
        <p className="text-xs text-slate-500" role="status">
          Loading your brand…
        </p>
      ) : brand.isError && !brand.data ? (
        <p className="text-xs text-slate-700">
          Your brand could not be loaded.{' '}
          <button
            type="button"
            onClick={() => brand.refetch()}
            className="focus-ring font-semibold text-brand-700 underline"
          >
            Try again
          </button>
        </p>
      ) : isBrandEmpty(brand.data) ? (
        <p className="text-xs text-slate-700">
          No brand set yet.{' '}
          <Link
            to={`${PRODUCT_PATH}/brand`}
            className="focus-ring font-semibold text-brand-700 underline"
          >
            Set up your brand
          </Link>{' '}
          and apply it here in one click.
        </p>
      ) : (
        <>
          <Button
            variant="secondary"
            className="w-full"
            onClick={apply}
            disabled={busy}
            data-keep-selection
          >
            <Palette aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Applying…' : 'Apply brand'}
          </Button>
          <p className="text-xs text-slate-500">
            Your logo, colours, font and sign-off from the{' '}
            <Link
              to={`${PRODUCT_PATH}/brand`}
              className="focus-ring font-medium text-brand-700 underline"
            >
              Brand page
            </Link>
            . Undo takes it back.
          </p>
        </>
      )}
    </section>
  );
}
