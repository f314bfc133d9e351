import { useEffect, useEffectEvent } from 'react';
import { useEditorActions } from '../store/use-editor.ts';

/**
 * Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, over every design change. Fields outside the
 * design (template name, subject; marked data-native-undo) keep the browser's own text undo.
 * Escape that nothing inside the page handled (a menu or popover closing) goes first to `onEscape`
 * (the phone's inspector sheet closing), and deselects the block when that did not handle it and
 * focus is not in a rich text.
 */
export function useEditorShortcuts(onEscape?: () => boolean) {
  const actions = useEditorActions();
  // The latest onEscape, without adding and removing the listener on every render.
  const escapeHandled = useEffectEvent(() => onEscape?.() ?? false);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (target?.closest('[data-native-undo]')) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !event.altKey && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) actions.redo();
        else actions.undo();
      } else if (mod && !event.altKey && !event.shiftKey && key === 'y') {
        event.preventDefault();
        actions.redo();
      } else if (event.key === 'Escape') {
        // A menu or dialog that closed on it prevented its default. So does ProseMirror for every
        // Escape typed in a rich text, without acting on it: there it still closes the sheet.
        const inRichText = Boolean(target?.closest('[data-rich-text]'));
        if (event.defaultPrevented && !inRichText) return;
        if (!escapeHandled() && !event.defaultPrevented) actions.select(null);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actions]);

  // Clicking anywhere but a block, the inspector or an editing control deselects.
  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Element | null;
      if (target?.closest('[data-block-frame], [data-inspector], [data-keep-selection]')) return;
      actions.select(null);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [actions]);
}
