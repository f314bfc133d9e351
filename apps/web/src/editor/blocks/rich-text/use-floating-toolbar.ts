// Where the formatting toolbar floats while a heading or text block is open: just above the lines
// the selection covers (the caret's line when nothing is selected), flipped below them when the
// app's sticky bar or the screen's top edge leaves no room, shifted sideways to stay on screen, and
// never over those lines. Floating UI places it; it follows the caret on every transaction and the
// page on every scroll and resize. Type-only Tiptap import: the engine still loads on its own.
import { useEffect, useLayoutEffect } from 'react';
import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react';
import type { Editor } from '@tiptap/core';

/** The app's sticky bar (h-16 and its border): the toolbar never slides under it. */
const APP_BAR_PX = 65;
/** Keeps the toolbar this far from the viewport's edges and from the text. */
const MARGIN_PX = 8;
const GAP_PX = 6;
/** Below this the toolbar (with a dialog open, on a phone) scrolls rather than shrinking further. */
const MIN_HEIGHT_PX = 120;

/**
 * The box of the lines the selection covers, as wide as the block (so the toolbar does not jump
 * sideways as the caret moves along a line). ProseMirror measures the caret even in an empty line.
 */
/** The text's element, or null while the editor has no view (not mounted yet, or torn down). */
function textElement(editor: Editor): HTMLElement | null {
  if (editor.isDestroyed) return null;
  try {
    return editor.view.dom;
  } catch {
    return null;
  }
}

export function selectionLinesRect(editor: Editor): DOMRect {
  const dom = textElement(editor);
  if (!dom) return new DOMRect();
  const block = dom.getBoundingClientRect();
  try {
    const { view, state } = editor;
    const { from, to } = state.selection;
    const start = view.coordsAtPos(from, 1);
    const end = to === from ? start : view.coordsAtPos(to, -1);
    const top = Math.min(start.top, end.top);
    const bottom = Math.max(start.bottom, end.bottom);
    return new DOMRect(block.left, top, block.width, Math.max(0, bottom - top));
  } catch {
    // A position the view cannot measure: fall back to the block itself.
    return block;
  }
}

export function useFloatingToolbar(editor: Editor | null) {
  const { refs, floatingStyles, update, placement } = useFloating({
    open: editor !== null,
    placement: 'top-start',
    // Fixed: the sticky app bar and the scrolling page do not move it; it is kept where it is in the
    // DOM (not a portal), so Tab still reaches it just before the canvas.
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(GAP_PX),
      // Only above or below: the vertical sides are what keep the lines in view.
      flip({
        padding: { top: APP_BAR_PX + MARGIN_PX, bottom: MARGIN_PX, left: 0, right: 0 },
        fallbackPlacements: ['bottom-start'],
        crossAxis: false,
      }),
      shift({ padding: MARGIN_PX }),
      // Taller than the room on its side (the image dialog on a phone): it scrolls inside, so its
      // buttons stay on screen.
      size({
        padding: { top: APP_BAR_PX + MARGIN_PX, bottom: MARGIN_PX },
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.max(MIN_HEIGHT_PX, Math.floor(availableHeight))}px`;
        },
      }),
    ],
  });

  useLayoutEffect(() => {
    if (!editor) {
      refs.setReference(null);
      return;
    }
    const attach = () => {
      const dom = textElement(editor);
      if (!dom) return;
      refs.setReference({
        getBoundingClientRect: () => selectionLinesRect(editor),
        // Its scrolling ancestors and size are watched through the text's element.
        contextElement: dom,
      });
    };
    attach();
    // An editor registered before its view exists is attached once it has one.
    editor.on('mount', attach);
    return () => {
      editor.off('mount', attach);
    };
  }, [editor, refs]);

  // Typing, a click or an arrow key moves the caret: the toolbar moves with it.
  useEffect(() => {
    if (!editor) return;
    const follow = () => void update();
    editor.on('transaction', follow);
    editor.on('focus', follow);
    return () => {
      editor.off('transaction', follow);
      editor.off('focus', follow);
    };
  }, [editor, update]);

  return { setFloating: refs.setFloating, floatingStyles, placement };
}
