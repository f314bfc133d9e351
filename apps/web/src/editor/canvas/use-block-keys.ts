// Keys on a focused block (not inside it): Enter or Space selects it, Delete or Backspace removes
// it, Alt+Up/Down moves it and keeps the focus on it in its new place.
import type { KeyboardEvent } from 'react';
import { deleteBlock, moveBlock } from '../model/commands.ts';
import { useEditorActions } from '../store/use-editor.ts';

export function useBlockKeys(blockId: string) {
  const actions = useEditorActions();
  return function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      actions.select(blockId);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      actions.run(deleteBlock, { id: blockId });
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      actions.run(moveBlock, { id: blockId, direction: event.key === 'ArrowUp' ? 'up' : 'down' });
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-block-id="${blockId}"]`)?.focus(),
      );
    }
  };
}
