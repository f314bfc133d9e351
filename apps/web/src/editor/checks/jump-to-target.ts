// Where an item takes the seller: a block is selected on the canvas, scrolled to the middle of the
// screen and given the keyboard focus (its frame is a focusable group); a field gets the focus.
import type { CheckTarget } from '@thankly/email/editor-checks';

function focusField(name: string) {
  const label = [...document.querySelectorAll('label')].find(
    (element) => element.textContent?.trim() === name,
  );
  const field = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  field?.scrollIntoView?.({ block: 'center' }); // (jsdom has no scrolling)
  field?.focus({ preventScroll: true });
}

function focusBlock(blockId: string) {
  // Block ids are letters, digits, - and _ (blockIdSchema): safe inside the quoted selector.
  const frame = document.querySelector<HTMLElement>(`[data-block-id="${blockId}"]`);
  if (!frame) return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  frame.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  frame.focus({ preventScroll: true });
}

export function jumpToTarget(
  target: CheckTarget,
  { select, showCanvas }: { select: (blockId: string) => void; showCanvas: () => void },
) {
  if (target.kind === 'field') {
    focusField(target.name);
    return;
  }
  showCanvas();
  select(target.blockId);
  // After React has drawn the canvas (it may have been the HTML preview) and the selection.
  requestAnimationFrame(() => focusBlock(target.blockId));
}
