// An email drawn at a device's width and scaled down to the room there is, so two versions fit
// side by side on any screen and a phone-width render still looks like a phone. The frame runs no
// scripts; it may read its own document (allow-same-origin) only so its height can be measured.
import { useEffect, useRef, useState } from 'react';
import { offlinePreviewHtml } from '../lib/offline-preview.ts';

/** Until the email has loaded and been measured: about one screen of email. */
const FIRST_HEIGHT = 900;

export function ScaledEmailFrame({
  html,
  width,
  title,
}: {
  html: string;
  /** The width the email is laid out at (a device's), before scaling. */
  width: number;
  title: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [room, setRoom] = useState(width);
  const [height, setHeight] = useState(FIRST_HEIGHT);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const measure = () => {
    const document = frame.current?.contentDocument;
    if (document) setHeight(Math.max(200, document.documentElement.scrollHeight));
  };
  // Laid out again at a new device width, the email's height changes too.
  useEffect(measure, [width, html]);

  const scale = Math.min(1, room / width);
  return (
    <div ref={box} className="w-full overflow-hidden" style={{ height: height * scale }}>
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-same-origin"
        srcDoc={offlinePreviewHtml(html)}
        onLoad={measure}
        scrolling="no"
        style={{ width, height, transform: `scale(${scale})`, transformOrigin: 'top left' }}
        className="block border-0 bg-white"
      />
    </div>
  );
}
