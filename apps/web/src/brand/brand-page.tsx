// /thankly/brand: the seller's brand kit (logo, colours, font, sign-off) beside a live sample email.
// New templates and the starter designs wear it; "Apply brand" in the editor brings it to a template.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Brand } from '@thankly/api-contract';
import { Alert, Button, Card, Container, PageHeader, SelectField } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useLeaveGuard } from '../editor/form/use-leave-guard.ts';
import { fontOptions } from '../lib/font-options.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { BrandColorField } from './brand-color-field.tsx';
import {
  BRAND_MESSAGES,
  MIN_TEXT_CONTRAST,
  brandFromForm,
  brandPayload,
  contrastRatio,
  formFromBrand,
  isHexColor,
  validateBrandForm,
  type BrandErrors,
  type BrandForm,
} from './brand-form.ts';
import { BrandPreview } from './brand-preview.tsx';
import { useBrand, useSaveBrand } from './brand-queries.ts';
import { LogoField } from './logo-field.tsx';

export const BRAND_PAGE_TITLE = 'Brand kit';
const SAVE_TOAST_KEY = 'save-brand';

export default function BrandPage() {
  const brand = useBrand();
  if (brand.isPending) return <BrandSkeleton />;
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

function BrandSkeleton() {
  return (
    <Container className="py-10">
      <PageHeader title={BRAND_PAGE_TITLE} />
      <p role="status" className="sr-only">
        Loading your brand…
      </p>
      <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
        <div className="h-[560px] animate-pulse rounded-2xl border border-slate-200 bg-white" />
        <div className="h-[560px] animate-pulse rounded-2xl border border-slate-200 bg-white" />
      </div>
    </Container>
  );
}

function ContrastHint({ text, background }: { text: string; background: string }) {
  if (!isHexColor(text) || !isHexColor(background)) return null;
  const ratio = contrastRatio(text, background);
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <strong>Hard to read:</strong> the text colour on the background colour has a contrast of{' '}
      {ratio.toFixed(1)}:1. Buyers read comfortably from {MIN_TEXT_CONTRAST}:1; pick a darker text
      or a lighter background (or the other way round).
    </p>
  );
}

function BrandEditor({ saved: savedBrand }: { saved: Brand }) {
  const save = useSaveBrand();
  const [saved, setSaved] = useState<BrandForm>(() => formFromBrand(savedBrand));
  const [form, setForm] = useState<BrandForm>(saved);
  const [errors, setErrors] = useState<BrandErrors>({});
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const signOffId = useId();
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
            <div>
              <label htmlFor={signOffId} className="mb-1 block text-sm font-medium text-slate-800">
                Sign-off
              </label>
              <textarea
                id={signOffId}
                rows={3}
                value={form.signOff}
                placeholder={'With gratitude,\nMaria at Olive & Thread'}
                aria-invalid={errors.signOff ? true : undefined}
                aria-describedby={`${signOffId}-hint${errors.signOff ? ` ${signOffId}-error` : ''}`}
                onChange={(e) => change({ signOff: e.target.value })}
                className={`focus-ring block w-full rounded-lg border px-3 py-2 text-base shadow-sm sm:text-sm ${
                  errors.signOff ? 'border-red-500' : 'border-slate-300'
                }`}
              />
              <p id={`${signOffId}-hint`} className="mt-1 text-xs text-slate-500">
                The closing line of your emails. Tokens like [shop-name] work here.
              </p>
              {errors.signOff ? (
                <p id={`${signOffId}-error`} className="mt-1 text-sm text-red-700">
                  {errors.signOff}
                </p>
              ) : null}
            </div>
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
        <Card aria-labelledby="brand-preview-heading" className="lg:sticky lg:top-20">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="brand-preview-heading" className="text-lg font-semibold text-slate-900">
              Preview
            </h2>
            <p className="text-xs text-slate-500">A sample email with sample order details</p>
          </div>
          <div className="mt-4">
            <BrandPreview brand={brandFromForm(form)} />
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Already have templates? Open one and use <strong>Apply brand</strong> in the Style tab.
            Or{' '}
            <Link to={PRODUCT_PATH} className="focus-ring font-medium text-brand-700 underline">
              start a new template
            </Link>{' '}
            from a starter design.
          </p>
        </Card>
      </div>
    </Container>
  );
}
