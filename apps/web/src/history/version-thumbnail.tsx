// A version's thumbnail: the top of its email, drawn by the browser from the version's stored HTML
// (GET …/versions/:id/html), scaled to the card. Nothing is made or stored at publish time, and a
// thumbnail always shows exactly what was published (docs/decisions/021-template-versions.md).
import { useEffect, useRef, useState } from 'react';

/** The width emails are designed at: the thumbnail shows the desktop layout. */
const EMAIL_WIDTH = 600;
const THUMB_HEIGHT = 176;

export function VersionThumbnail({ src, number }: { src: string; number: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(EMAIL_WIDTH / 2);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = room / EMAIL_WIDTH;
  return (
    <div
      ref={box}
      aria-hidden="true"
      className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
      style={{ height: THUMB_HEIGHT }}
    >
      {/* No scripts, no same-origin access; the server's header sandboxes it again. Out of
          reach of the keyboard and screen readers: the card's own text names the version. */}
      <iframe
        title={`Version ${number} thumbnail`}
        src={src}
        sandbox=""
        loading="lazy"
        tabIndex={-1}
        scrolling="no"
        className="pointer-events-none block border-0 bg-white"
        style={{
          width: EMAIL_WIDTH,
          height: THUMB_HEIGHT / scale,
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
        }}
      />
    </div>
  );
}
