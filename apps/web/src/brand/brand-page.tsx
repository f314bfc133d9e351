// /thankly/brand: the seller's brand kit (logo, colours, font, sign-off) beside a live sample email.
// New templates and the starter designs wear it; "Apply brand" in the editor brings it to a template.
import { useState, type FormEvent } from 'react';
import type { Brand } from '@thankly/api-contract';
import { Alert, Button, Card, Container, PageHeader, SelectField } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useLeaveGuard } from '../editor/form/use-leave-guard.ts';
import { fontOptions } from '../lib/font-options.ts';
import { BrandColorField } from './brand-color-field.tsx';
import {
  BRAND_MESSAGES,
  brandFromForm,
  brandPayload,
  formFromBrand,
  validateBrandForm,
  type BrandErrors,
  type BrandForm,
} from './brand-form.ts';
import { BrandPreviewCard } from './brand-preview-card.tsx';
import { BrandSkeleton } from './brand-skeleton.tsx';
import { ContrastHint } from './contrast-hint.tsx';
import { SignOffField } from './sign-off-field.tsx';
import { useBrand, useSaveBrand } from './brand-queries.ts';
import { LogoField } from './logo-field.tsx';

export const BRAND_PAGE_TITLE = 'Brand kit';
const SAVE_TOAST_KEY = 'save-brand';

export default function BrandPage() {
  const brand = useBrand();
  if (brand.isPending) return <BrandSkeleton title={BRAND_PAGE_TITLE} />;
  if (brand.isError) {
    return (
      <Container className="py-10">
        <PageHeader title={BRAND_PAGE_TITLE} />
        <div className="space-y-4">
          <Alert>{messageFor(brand.error, BRAND_MESSAGES.loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => brand.refetch()}>
            Try again
          </Button>
        </div>
      </Container>
    );
  }
  return <BrandEditor saved={brand.data} />;
}

function BrandEditor({ saved: savedBrand }: { saved: Brand }) {
  const save = useSaveBrand();
  const [saved, setSaved] = useState<BrandForm>(() => formFromBrand(savedBrand));
  const [form, setForm] = useState<BrandForm>(saved);
  const [errors, setErrors] = useState<BrandErrors>({});
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const body = brandPayload(form, saved);
  const isDirty = Object.keys(body).length > 0;
  useLeaveGuard(isDirty && !save.isPending);

  function change(patch: Partial<BrandForm>) {
    setForm((f) => ({ ...f, ...patch }));
    // A field's message goes as soon as the seller edits that field.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof BrandForm];
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateBrandForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid();
      return;
    }
    save.mutate(body, {
      onSuccess: (brand) => {
        const next = formFromBrand(brand);
        setSaved(next);
        setForm(next);
        toast.success(BRAND_MESSAGES.saved, { key: SAVE_TOAST_KEY });
      },
      onError: (error) =>
        toast.error(messageFor(error, BRAND_MESSAGES.saveFailed), { key: SAVE_TOAST_KEY }),
    });
  }

  return (
    <Container className="py-10">
      <PageHeader
        title={BRAND_PAGE_TITLE}
        lead="Your logo, colours, font and sign-off, set once. New templates and every starter design wear them."
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
            <div className="space-y-4">
              <BrandColorField
                label="Primary colour"
                hint="Buttons, links and accents."
                value={form.primaryColor}
                error={errors.primaryColor}
                onChange={(primaryColor) => change({ primaryColor })}
              />
              <BrandColorField
                label="Background colour"
                hint="Behind the email."
                value={form.backgroundColor}
                error={errors.backgroundColor}
                onChange={(backgroundColor) => change({ backgroundColor })}
              />
              <BrandColorField
                label="Text colour"
                hint="Headings and paragraphs."
                value={form.textColor}
                error={errors.textColor}
                onChange={(textColor) => change({ textColor })}
              />
            </div>
            <ContrastHint text={form.textColor.trim()} background={form.backgroundColor.trim()} />
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
            <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
              <Button type="submit" disabled={save.isPending || !isDirty}>
                {save.isPending ? 'Saving…' : 'Save brand'}
              </Button>
              <span role="status" className="text-sm text-slate-600">
                {save.isPending ? '' : isDirty ? 'Unsaved changes' : 'All changes saved'}
              </span>
            </div>
          </form>
        </Card>
        <BrandPreviewCard brand={brandFromForm(form)} />
      </div>
    </Container>
  );
}
