// /thankly/brand: the seller's brand kit (logo, colours, font, sign-off) beside a live sample email.
// New templates, new blocks and the starter designs wear it; after a save the page offers to restyle
// the saved templates with it (restyle-offer.tsx), and "Apply brand" in the editor brings it to one.
import type { Brand } from '@thankly/api-contract';
import { Alert, Card, Container, PageHeader, SelectField } from '../components/ui/index.ts';
import { fontOptions } from '../lib/font-options.ts';
import { BrandColourFields } from './brand-colour-fields.tsx';
import { BRAND_MESSAGES, brandFromForm } from './brand-form.ts';
import { BrandPreviewCard } from './brand-preview-card.tsx';
import { BrandSkeleton } from './brand-skeleton.tsx';
import { BrandLoadError } from './brand-load-error.tsx';
import { BrandSaveRow } from './brand-save-row.tsx';
import { SignOffField } from './sign-off-field.tsx';
import { useBrand } from './brand-queries.ts';
import { LogoField } from './logo-field.tsx';
import { useBrandEditor } from './use-brand-editor.ts';
import { RestyleOffer, useRestyleOffer } from './restyle-offer.tsx';

export const BRAND_PAGE_TITLE = 'Brand kit';

export default function BrandPage() {
  const brand = useBrand();
  if (brand.isPending) return <BrandSkeleton title={BRAND_PAGE_TITLE} />;
  if (brand.isError) {
    return (
      <BrandLoadError
        title={BRAND_PAGE_TITLE}
        error={brand.error}
        onRetry={() => brand.refetch()}
      />
    );
  }
  return <BrandEditor saved={brand.data} />;
}

function BrandEditor({ saved: savedBrand }: { saved: Brand }) {
  // After a save, the seller may restyle the templates they already have with the new brand.
  const restyle = useRestyleOffer();
  const { form, errors, formRef, change, submit, isDirty, saving } = useBrandEditor(savedBrand, {
    onSaved: () => void restyle.checkAfterSave(),
  });
  return (
    <Container className="py-10">
      <PageHeader
        title={BRAND_PAGE_TITLE}
        lead="Your logo, colours, font and sign-off, set once. New templates, every block you add and every starter design wear them."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start">
        <Card aria-labelledby="brand-form-heading">
          <h2 id="brand-form-heading" className="text-lg font-semibold text-slate-900">
            Your brand
          </h2>
          <form ref={formRef} noValidate onSubmit={submit} className="mt-5 space-y-5">
            <LogoField
              value={form.logoUrl}
              error={errors.logoUrl}
              onChange={(logoUrl) => change({ logoUrl })}
            />
            <BrandColourFields form={form} errors={errors} onChange={change} />
            <SelectField
              label="Font"
              value={form.fontFamily}
              options={[
                { value: '', label: 'Not set (each design keeps its own)' },
                ...fontOptions(form.fontFamily),
              ]}
              onChange={(fontFamily) => change({ fontFamily })}
            />
            <SignOffField
              value={form.signOff}
              error={errors.signOff}
              onChange={(signOff) => change({ signOff })}
            />
            {Object.keys(errors).length > 0 ? <Alert>{BRAND_MESSAGES.fixErrors}</Alert> : null}
            <BrandSaveRow saving={saving} isDirty={isDirty} />
          </form>
          {restyle.state.step === 'none' ? null : (
            <div className="mt-5">
              <RestyleOffer state={restyle.state} setState={restyle.setState} />
            </div>
          )}
        </Card>
        <BrandPreviewCard brand={brandFromForm(form)} />
      </div>
    </Container>
  );
}
