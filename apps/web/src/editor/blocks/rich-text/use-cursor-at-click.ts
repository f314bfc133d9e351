import { useEffect } from 'react';
import type { Editor } from '@tiptap/core';
import type { PointerDown } from './pointer.ts';

/** The editor's element, or null while its view is not mounted (StrictMode replays effects). */
function mountedDom(editor: Editor): HTMLElement | null {
  try {
    return editor.view.dom;
  } catch {
    return null;
  }
}

/**
 * Selected by a click on the words: the cursor goes where the click landed, even when the engine
 * took a moment to load.
 */
export function useCursorAtClick(editor: Editor, openedBy: PointerDown | null) {
  useEffect(() => {
    const pointer = openedBy;
    const dom = pointer && mountedDom(editor);
    if (!pointer || !dom) return;
    const rect = dom.getBoundingClientRect();
    if (rect.width === 0) return; // not laid out (a test DOM)
    const inside =
      pointer.x >= rect.left &&
      pointer.x <= rect.right &&
      pointer.y >= rect.top &&
      pointer.y <= rect.bottom;
    if (!inside) return;
    const pos = editor.view.posAtCoords({ left: pointer.x, top: pointer.y })?.pos;
    editor.commands.focus(pos ?? 'end');
  }, [editor, openedBy]);
}
