import { useCallback } from 'react';
import { updateBlock, type BlockPatch } from '../../model/commands.ts';
import { useEditorActions } from '../../store/use-editor.ts';

/** Patches one block through the `updateBlock` command (coalesced per field while typing/dragging). */
export function useBlockUpdate(id: string) {
  const actions = useEditorActions();
  return useCallback((patch: BlockPatch) => actions.run(updateBlock, { id, patch }), [actions, id]);
}
