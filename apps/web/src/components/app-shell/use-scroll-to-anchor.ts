import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Long enough for a dashboard section to arrive with its data, short enough not to surprise. */
const WAIT_FOR_SECTION_MS = 4000;

/**
 * The router does not follow '#anchors'. After every navigation to one, this scrolls to the section
 * once it is on the page (it may render only after its data loads) and moves the focus there, so
 * keyboard and screen-reader users land where sighted users do.
 */
export function useScrollToAnchor(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const started = performance.now();
    let frame = 0;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < WAIT_FOR_SECTION_MS)
        frame = requestAnimationFrame(tryScroll);
    };
    tryScroll();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
