// Preview HTML: the email exactly as renderEmail produces it (the same function the server sends
// with), shown in a sandboxed frame at the device width, plus its source and plain-text version.
import { useId, useMemo, useState } from 'react';
import { fillTokens, renderEmail, type TemplateLanguage } from '@thankly/email';
import { offlinePreviewHtml } from '../../lib/offline-preview.ts';
import { selectDesign, useEditor } from '../store/use-editor.ts';
import { setTokenView, useTokenView } from '../tokens/token-view.ts';

export function HtmlPreview({
  title,
  preheader,
  language,
  width,
}: {
  title: string;
  preheader: string;
  language: TemplateLanguage;
  width: number;
}) {
  const design = useEditor(selectDesign);
  // The same choice as above the canvas: token names as written, or an order's values.
  const tokenView = useTokenView();
  const withSamples = tokenView.mode === 'values';
  const [copied, setCopied] = useState<string | null>(null);
  const sampleId = useId();
  const rendered = useMemo(() => {
    try {
      return renderEmail(design, { title, preheader, language });
    } catch {
      return null;
    }
  }, [design, title, preheader, language]);
  if (!rendered)
    return <p className="p-6 text-sm text-red-700">This design cannot be rendered yet.</p>;
  // The frame shows the email without its web-font link: a preview makes no outside request.
  const shown = offlinePreviewHtml(
    withSamples ? fillTokens(rendered.html, tokenView.values, { escape: 'html' }) : rendered.html,
  );
  return (
    // The frame takes the full width, as the canvas does in Editor mode, so the words wrap at the
    // same width in both and each block sits at the same height (e2e/canvas-matches-email).
    <div className="space-y-3 py-3">
      <div className="flex items-center gap-2 px-3 text-sm">
        <input
          id={sampleId}
          type="checkbox"
          checked={withSamples}
          onChange={(e) => setTokenView({ mode: e.target.checked ? 'values' : 'labels' })}
          className="h-4 w-4 accent-brand-600"
        />
        <label htmlFor={sampleId}>Fill tokens with the order’s values</label>
      </div>
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={shown}
        style={{ width: '100%', maxWidth: width, height: 900 }}
        className="mx-auto block bg-white"
      />
      <details className="mx-3 rounded border border-slate-200 bg-white">
        <summary className="focus-ring cursor-pointer px-3 py-2 text-sm font-semibold">
          HTML source
        </summary>
        <div className="space-y-2 p-3">
          <button
            type="button"
            onClick={() =>
              navigator.clipboard.writeText(rendered.html).then(
                () => setCopied('Copied!'),
                () => setCopied('Copy failed'),
              )
            }
            className="focus-ring rounded border border-slate-300 px-2 py-1 text-xs font-medium"
          >
            Copy HTML
          </button>
          <span role="status" className="ml-2 text-xs text-slate-600">
            {copied}
          </span>
          <pre
            data-testid="html-source"
            className="max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs whitespace-pre-wrap text-slate-100"
          >
            {rendered.html}
          </pre>
        </div>
      </details>
      <details className="mx-3 rounded border border-slate-200 bg-white">
        <summary className="focus-ring cursor-pointer px-3 py-2 text-sm font-semibold">
          Plain-text version
        </summary>
        <pre className="max-h-96 overflow-auto p-3 text-xs whitespace-pre-wrap">
          {rendered.text}
        </pre>
      </details>
    </div>
  );
}
