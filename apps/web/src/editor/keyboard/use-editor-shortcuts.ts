import { useEffect } from 'react';
import { useEditorActions } from '../store/use-editor.ts';

/**
 * Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, over every design change. Fields outside the
 * design (template name, subject; marked data-native-undo) keep the browser's own text undo.
 * Escape deselects the block.
 */
export function useEditorShortcuts() {
  const actions = useEditorActions();
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
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        actions.select(null);
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
