// Fits a card's content into its box with CSS zoom: the card html is laid out fluid with the email's
// px font sizes, so zoom is what makes it smaller. It starts at a readable size and steps down
// while the content overflows, never below a floor (where the end is cut off, and said so).
import { useLayoutEffect, useRef, type RefObject } from 'react';

export interface ZoomSteps {
  start: number;
  floor: number;
  step: number;
}

/** 0.8 of the email's 600 px scale: 16 px body text prints at about 10 pt. The floor about 6 pt. */
export const CARD_ZOOM: ZoomSteps = { start: 0.8, floor: 0.5, step: 0.05 };

export interface FitResult {
  zoom: number;
  /** Still too big at the floor: the end of the card is cut off. */
  overflowing: boolean;
}

// A pixel of slack: fractional layout can round a box that fits to one pixel over.
function overflows(box: HTMLElement): boolean {
  return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
}

/** Zooms `content` inside the clipping `box`; each step is measured, so it runs synchronously. */
export function fitZoom(box: HTMLElement, content: HTMLElement, steps: ZoomSteps): FitResult {
  let zoom = steps.start;
  content.style.setProperty('zoom', String(zoom));
  while (overflows(box) && zoom - steps.step >= steps.floor - 1e-6) {
    zoom = Math.round((zoom - steps.step) * 100) / 100;
    content.style.setProperty('zoom', String(zoom));
  }
  return { zoom, overflowing: overflows(box) };
}

/**
 * Fits before the first paint, again when `fitKey` changes (the layout, the html) and whenever a
 * picture or a font arrives, since each changes the height. `onFitted` hears only fits made with
 * every picture in (loaded or failed), so a "fitted" page is one that prints as it looks.
 */
export function useFitZoom(
  box: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  fitKey: string,
  onFitted: (result: FitResult) => void,
  steps: ZoomSteps = CARD_ZOOM,
): void {
  const report = useRef(onFitted);
  useLayoutEffect(() => {
    report.current = onFitted;
  });
  const { start, floor, step } = steps;
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!outer || !inner) return;
    let active = true;
    const images = [...inner.querySelectorAll('img')];
    // The print needs every picture, and the fit waits for them: none may wait to be scrolled to.
    for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
    const refit = () => {
      if (!active) return;
      const result = fitZoom(outer, inner, { start, floor, step });
      if (images.every((img) => img.complete)) report.current(result);
    };
    refit();
    inner.addEventListener('load', refit, true);
    inner.addEventListener('error', refit, true);
    // Absent in jsdom and very old browsers.
    void (document as Partial<Document>).fonts?.ready.then(refit);
    return () => {
      active = false;
      inner.removeEventListener('load', refit, true);
      inner.removeEventListener('error', refit, true);
    };
  }, [box, content, fitKey, start, floor, step]);
}
