// Where the pointer went down last, and on what: a click that selects a text block puts the cursor
// where it landed once the editor opens. Tracked from the start, before the editor's code has
// loaded, so the click that asks for the editor is not missed.

export interface PointerDown {
  x: number;
  y: number;
  at: number;
  /**
   * The canvas block pressed, if any: it still owns the press when the page has moved since (the
   * pressed element itself may be gone, replaced by the editor).
   */
  blockId: string | null;
}

function blockIdOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest('[data-block-frame]')?.getAttribute('data-block-id') ?? null;
}

let lastPointer: PointerDown | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (e) =>
      (lastPointer = { x: e.clientX, y: e.clientY, at: Date.now(), blockId: blockIdOf(e.target) }),
    true,
  );
}

/** How long after a pointer press a block opening still counts as opened by that press. */
const OPENED_BY_PRESS_MS = 1000;

/** The pointer press that has just opened something, if there was one a moment ago. */
export function recentPointerDown(): PointerDown | null {
  return lastPointer && Date.now() - lastPointer.at <= OPENED_BY_PRESS_MS ? lastPointer : null;
}
