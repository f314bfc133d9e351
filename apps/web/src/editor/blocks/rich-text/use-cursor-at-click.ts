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

/** Whether the press landed on this text's block (its frame, padding included). */
function pressedThisBlock(dom: HTMLElement, pointer: PointerDown): boolean {
  const blockId = dom.closest('[data-block-frame]')?.getAttribute('data-block-id') ?? null;
  return blockId !== null && blockId === pointer.blockId;
}

/**
 * Whether the keyboard is still where the press left it (on the block, or nowhere). The seller may
 * have moved on while the engine loaded, e.g. into the block's settings: the editor must not take
 * the keyboard back from there.
 */
function keyboardStillWithBlock(dom: HTMLElement): boolean {
  const { activeElement, body } = dom.ownerDocument;
  if (!activeElement || activeElement === body) return true;
  return (dom.closest('[data-block-frame]') ?? dom).contains(activeElement);
}

/**
 * Selected by a click on the block: the editor takes the keyboard and the cursor goes where the
 * click landed, even when the engine took a moment to load. The block is recognised by the block
 * pressed, not by where its words are now: an image loading above can move them between the press
 * and the editor's opening, and the seller's typing must still arrive. A press that is no longer
 * over the words (or was on the block's padding) puts the cursor at the end. The keyboard is not
 * taken from wherever the seller has put it since.
 */
export function useCursorAtClick(editor: Editor, openedBy: PointerDown | null) {
  useEffect(() => {
    const pointer = openedBy;
    const dom = pointer && mountedDom(editor);
    if (!pointer || !dom || editor.isDestroyed) return;
    if (dom.getBoundingClientRect().width === 0) return; // not laid out (a test DOM)
    if (!pressedThisBlock(dom, pointer) || !keyboardStillWithBlock(dom)) return;
    const pos = editor.view.posAtCoords({ left: pointer.x, top: pointer.y })?.pos;
    editor.commands.focus(pos ?? 'end');
  }, [editor, openedBy]);
}
