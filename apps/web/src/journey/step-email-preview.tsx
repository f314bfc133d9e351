// The email a step sends, small: the template as buyers get it (with sample order details) in a
// sandboxed frame 600 px wide scaled down, and a link to open it in the editor.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { fillTokens, sampleTokenValues } from '@thankly/email';
import type { TemplateSummary } from '@thankly/api-contract';
import { offlinePreviewHtml } from '../lib/offline-preview.ts';
import { PRODUCT_PATH } from '../route-meta.ts';

const VIEW = { width: 600, height: 640, scale: 0.2 } as const;

export function StepEmailPreview({ template }: { template: TemplateSummary }) {
  const html = useMemo(
    () =>
      template.html
        ? offlinePreviewHtml(fillTokens(template.html, sampleTokenValues, { escape: 'html' }))
        : null,
    [template.html],
  );
  const name = template.name || 'Untitled template';
  return (
    <div className="mt-3 flex items-end gap-3">
      <div
        data-testid="step-email-preview"
        className="relative shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100"
        style={{ width: VIEW.width * VIEW.scale, height: VIEW.height * VIEW.scale }}
      >
        {html ? (
          <iframe
            title={`Preview of ${name}`}
            srcDoc={html}
            sandbox=""
            tabIndex={-1}
            className="pointer-events-none absolute top-0 left-0 origin-top-left border-0 bg-white"
            style={{
              width: VIEW.width,
              height: VIEW.height,
              transform: `scale(${VIEW.scale})`,
            }}
          />
        ) : null}
      </div>
      <Link
        to={`${PRODUCT_PATH}/create?id=${encodeURIComponent(template.id)}`}
        className="focus-ring text-sm font-medium text-brand-700 underline"
        aria-label={`Edit email "${name}"`}
      >
        Edit email
      </Link>
    </div>
  );
}
