// Where the pointer went down last: a click that selects a text block puts the cursor where it
// landed once the editor opens. Tracked from the start, before the editor's code has loaded, so the
// click that asks for the editor is not missed.

export interface PointerDown {
  x: number;
  y: number;
  at: number;
}

let lastPointer: PointerDown | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (e) => (lastPointer = { x: e.clientX, y: e.clientY, at: Date.now() }),
    true,
  );
}

/** How long after a pointer press a block opening still counts as opened by that press. */
const OPENED_BY_PRESS_MS = 1000;

/** The pointer press that has just opened something, if there was one a moment ago. */
export function recentPointerDown(): PointerDown | null {
  return lastPointer && Date.now() - lastPointer.at <= OPENED_BY_PRESS_MS ? lastPointer : null;
}
