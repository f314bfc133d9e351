// The rich-text engine (Tiptap and ProseMirror, about half of the editor's code) loads on its own:
// the canvas paints every text block from its html without it, and the engine mounts when the
// seller opens a text block. It is fetched as soon as the browser is idle, so that is usually at once.
import { lazy } from 'react';
import { whenIdle } from '../../../lib/when-idle.ts';

export const loadRichTextEditor = () => import('./rich-text-editor.tsx');

/** The open editor of one heading or text block; suspends until the engine has loaded. */
export const LazyRichTextEditor = lazy(loadRichTextEditor);

/** Fetches the engine once the browser is idle; returns a function that cancels the wait. */
export function preloadRichTextEngineWhenIdle(): () => void {
  return whenIdle(() => void loadRichTextEditor().catch(() => {}));
}
