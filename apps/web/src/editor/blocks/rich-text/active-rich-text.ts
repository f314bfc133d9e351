// The rich-text editor open on the canvas, if any. Only the selected heading or text block edits its
// text, so at most one is open; the formatting toolbar above the canvas and the 'Show tokens'
// popover act on it through this small store.
import { useSyncExternalStore } from 'react';
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
