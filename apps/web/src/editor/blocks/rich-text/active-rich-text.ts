// The rich-text editor open on the canvas, if any. Only the selected heading or text block edits its
// text, so at most one is open; the formatting toolbar above the canvas and the 'Show tokens'
// popover act on it through this small store.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Editor } from '@tiptap/core';

/**
 * How a control's change meets the undo history: 'format' and 'insert' are one entry each; 'color'
 * coalesces while the seller drags through the colour picker.
 */
export type ControlBurst = 'format' | 'insert' | 'color';

export interface ActiveRichText {
  editor: Editor;
  blockId: string;
  /** The block's font size in px where the text sets none (for image placement). */
  baseFontSize: number;
  /** Runs one change to the text from a control outside it. */
  change(burst: ControlBurst, run: (editor: Editor) => void): void;
  /**
   * Hands ProseMirror the selection the browser holds now (before a control outside the text takes
   * the focus), so the control acts on what the seller selected.
   */
  syncSelectionFromDom(): void;
}

let active: ActiveRichText | null = null;
let linkShortcut: (() => void) | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Registers an editor as the open one; returns the function that unregisters it. */
export function setActiveRichText(entry: ActiveRichText): () => void {
  active = entry;
  notify();
  return () => {
    if (active !== entry) return;
    active = null;
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActiveRichText(): ActiveRichText | null {
  return useSyncExternalStore(
    subscribe,
    () => active,
    () => null,
  );
}

/** The toolbar's link dialog, opened by Ctrl/Cmd+K inside the text. */
export function setLinkShortcut(open: (() => void) | null) {
  linkShortcut = open;
}

export function openLinkDialog(): boolean {
  if (!linkShortcut) return false;
  linkShortcut();
  return true;
}

/**
 * What a control shows about the open editor (is the selection bold?), read again after each of its
 * transactions; `none` while no editor is open. A new value that `equal` finds the same as the last
 * one keeps the last one, so the control does not re-render for every keystroke.
 */
export function useRichTextState<T>(
  editor: Editor | null,
  select: (editor: Editor) => T,
  none: T,
  equal: (a: T, b: T) => boolean,
): T {
  const [seen, setSeen] = useState<{ editor: Editor | null; value: T }>(() => ({
    editor,
    value: editor ? select(editor) : none,
  }));
  useEffect(() => {
    if (!editor) return;
    const read = () =>
      setSeen((last) => {
        const value = select(editor);
        return last.editor === editor && equal(last.value, value) ? last : { editor, value };
      });
    read();
    editor.on('transaction', read);
    return () => {
      editor.off('transaction', read);
    };
    // `select` and `equal` are read afresh on each transaction; only a new editor resubscribes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);
  if (!editor) return none;
  // Until the subscription has read a newly opened editor, read it here so the first render is right.
  return seen.editor === editor ? seen.value : select(editor);
}
