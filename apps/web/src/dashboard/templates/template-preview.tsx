/** Spec section 9: a 260x170 frame showing an 800x520 view of the email scaled by 0.32. */
export const PREVIEW = {
  frameWidth: 260,
  frameHeight: 170,
  viewWidth: 800,
  viewHeight: 520,
  scale: 0.32,
} as const;

/** The template's server-rendered html in a sandboxed frame: no scripts, no same-origin access. */
export function TemplatePreview({ html, name }: { html: string; name: string }) {
  return (
    <div
      className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
      style={{ width: PREVIEW.frameWidth, height: PREVIEW.frameHeight, maxWidth: '100%' }}
    >
      <iframe
        title={`Preview of ${name}`}
        srcDoc={html}
        sandbox=""
        tabIndex={-1}
        loading="lazy"
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
