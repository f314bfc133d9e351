// A sample thank-you email wearing the brand as the form holds it now, rendered by the same
// renderer as the editor's Preview HTML and the emails buyers get, with sample order details.
import { useDeferredValue, useMemo } from 'react';
import { EMPTY_BRAND, type Brand } from '@thankly/api-contract';
import {
  BLANK_STARTER_ID,
  applyBrand,
  createDefaultTemplate,
  fillTokens,
  renderEmail,
  sampleTokenValues,
  starterDesigns,
} from '@thankly/email';
import { offlinePreviewHtml } from '../lib/offline-preview.ts';

/**
 * The sample email, unbranded: the first starter design (the classic thank-you), which has the logo
 * and sign-off places the brand fills. The brand goes on top of it each time the form changes.
 */
const SAMPLE =
  starterDesigns(EMPTY_BRAND).find((d) => d.id !== BLANK_STARTER_ID) ?? createDefaultTemplate();

export function renderBrandSample(brand: Brand): string | null {
  try {
    const design = applyBrand(SAMPLE.design, brand);
    const { html } = renderEmail(design, {
      title: SAMPLE.subject,
      preheader: '',
      language: 'en',
    });
    return offlinePreviewHtml(fillTokens(html, sampleTokenValues, { escape: 'html' }));
  } catch {
    return null;
  }
}

export function BrandPreview({ brand }: { brand: Brand }) {
  // Typing in a field stays smooth: the frame catches up a moment later.
  const shown = useDeferredValue(brand);
  const html = useMemo(() => renderBrandSample(shown), [shown]);
  if (!html) return <p className="p-6 text-sm text-red-700">This brand cannot be previewed yet.</p>;
  return (
    <iframe
      title="Sample email with your brand"
      sandbox=""
      srcDoc={html}
      className="block h-[640px] w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}
