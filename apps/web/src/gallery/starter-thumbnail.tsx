// A live thumbnail of a starter design: the email exactly as the renderer writes it (with sample
// order details), in a sandboxed frame 600 px wide scaled down. Rendered only once the tile is
// near the screen, so opening the picker stays quick.
import { useEffect, useMemo, useRef, useState } from 'react';
import { designSchema, fillTokens, renderEmail, sampleTokenValues } from '@thankly/email';
import { offlinePreviewHtml } from '../lib/offline-preview.ts';

export const THUMBNAIL = { viewWidth: 600, viewHeight: 640, scale: 0.45 } as const;

export function renderThumbnailHtml(design: unknown, title: string): string | null {
  const parsed = designSchema.safeParse(design);
  if (!parsed.success) return null;
  try {
    const { html } = renderEmail(parsed.data, { title, preheader: '', language: 'en' });
    return offlinePreviewHtml(fillTokens(html, sampleTokenValues, { escape: 'html' }));
  } catch {
    return null;
  }
}

/**
 * True once the element has come within a screen of the visible part of `root` (the scrolling box
 * it sits in; the viewport when null). Always true where the browser lacks the API.
 */
function useNearScreen<T extends Element>(root: Element | null) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { root, rootMargin: '100% 0px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, root]);
  return [ref, near] as const;
}

export function StarterThumbnail({
  design,
  name,
  scroller = null,
}: {
  design: unknown;
  name: string;
  /** The box the thumbnail scrolls in, so "near" counts from what is visible there. */
  scroller?: Element | null;
}) {
  const [ref, near] = useNearScreen<HTMLDivElement>(scroller);
  const html = useMemo(
    () => (near ? renderThumbnailHtml(design, name) : null),
    [near, design, name],
  );
  const width = THUMBNAIL.viewWidth * THUMBNAIL.scale;
  const height = THUMBNAIL.viewHeight * THUMBNAIL.scale;
  return (
    <div
      ref={ref}
      data-testid="starter-thumbnail"
      className="relative mx-auto overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
      style={{ width, height, maxWidth: '100%' }}
    >
      {html ? (
        <iframe
          title={`Preview of ${name}`}
          srcDoc={html}
          sandbox=""
          tabIndex={-1}
          className="pointer-events-none absolute top-0 left-0 origin-top-left border-0 bg-white"
          style={{
            width: THUMBNAIL.viewWidth,
            height: THUMBNAIL.viewHeight,
            transform: `scale(${THUMBNAIL.scale})`,
          }}
        />
      ) : near ? (
        <p className="grid h-full place-items-center p-4 text-center text-xs text-slate-500">
          No preview for this design
        </p>
      ) : null}
    </div>
  );
}
