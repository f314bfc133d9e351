import { offlinePreviewHtml } from '../../lib/offline-preview.ts';

/** Spec section 9: a 260x170 frame showing an 800x520 view of the email scaled by 0.32. */
export const PREVIEW = {
  frameWidth: 260,
  frameHeight: 170,
  viewWidth: 800,
  viewHeight: 520,
  scale: 0.32,
} as const;

/**
 * The template's server-rendered html in a sandboxed frame: no scripts, no same-origin access, and
 * no request to anywhere else (offline-preview.ts). A template with no html yet gets a clear
 * placeholder, never a blank frame. Not lazily loaded: a lazy frame stays blank until the browser
 * gets round to it, seconds on a busy page, and the dashboard holds only a few.
 */
export function TemplatePreview({ html, name }: { html: string | null | undefined; name: string }) {
  const box = { width: PREVIEW.frameWidth, height: PREVIEW.frameHeight, maxWidth: '100%' };
  if (!html?.trim()) {
    return (
      <div
        role="img"
        aria-label={`No preview of ${name} yet`}
        data-testid="preview-placeholder"
        className="flex flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center"
        style={box}
      >
        <span className="text-sm font-medium text-slate-700">No preview yet</span>
        <span className="text-xs text-slate-500">Open the editor and save to see it here.</span>
      </div>
    );
  }
  return (
    <div
      className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
      style={box}
    >
      <iframe
        title={`Preview of ${name}`}
        srcDoc={offlinePreviewHtml(html)}
        sandbox=""
        tabIndex={-1}
        className="pointer-events-none absolute top-0 left-0 origin-top-left border-0 bg-white"
        style={{
          width: PREVIEW.viewWidth,
          height: PREVIEW.viewHeight,
          transform: `scale(${PREVIEW.scale})`,
        }}
      />
    </div>
  );
}
