// jsdom has no layout engine. The rich-text editor (ProseMirror) measures the selection to scroll
// it into view; in unit tests there is nothing to measure, so these answer with empty boxes.
const emptyRect = (): DOMRect => new DOMRect(0, 0, 0, 0);
const emptyList = (): DOMRectList => {
  const list: DOMRect[] = [];
  return Object.assign(list, {
    item: (index: number) => list[index] ?? null,
  }) as unknown as DOMRectList;
};

if (typeof Range !== 'undefined') {
  Range.prototype.getBoundingClientRect ??= emptyRect;
  Range.prototype.getClientRects ??= emptyList;
}
if (typeof Text !== 'undefined') {
  const text = Text.prototype as unknown as {
    getClientRects?: () => DOMRectList;
    getBoundingClientRect?: () => DOMRect;
  };
  text.getClientRects ??= emptyList;
  text.getBoundingClientRect ??= emptyRect;
}
if (typeof document !== 'undefined') {
  document.elementFromPoint ??= () => null;
}

// Nor is a unit test's browser ever idle: the app prefetches the next screen's code when it is
// (lib/when-idle.ts), which here would only load modules the test never looks at, on a busy machine.
if (typeof window !== 'undefined') {
  window.requestIdleCallback = () => 0;
  window.cancelIdleCallback = () => {};
}

// Nor pointer capture: sonner captures the pointer on a toast to let it be swiped away, and a
// click on a toast's button or link starts with that.
if (typeof Element !== 'undefined') {
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
}
