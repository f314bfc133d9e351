import { type RefObject, useCallback, useEffect } from 'react';
import { setImageNaturalSize } from '../../model/commands.ts';
import { useEditorActions } from '../../store/use-editor.ts';

/**
 * Keeps the block's stored natural size equal to what the browser measured for its picture: when
 * it loads, and again whenever the stored size changes under a loaded picture (an undo to a state
 * measured before). The server never fetches images, so this is where the size comes from.
 */
export function useNaturalSize(
  ref: RefObject<HTMLImageElement | null>,
  block: {
    id: string;
    naturalWidth: number | null;
    naturalHeight: number | null;
  },
) {
  const actions = useEditorActions();
  const { id, naturalWidth, naturalHeight } = block;
  const measure = useCallback(() => {
    const img = ref.current;
    if (!img?.complete || img.naturalWidth === 0) return;
    if (img.naturalWidth === naturalWidth && img.naturalHeight === naturalHeight) return;
    actions.run(setImageNaturalSize, {
      id,
      width: img.naturalWidth,
      height: img.naturalHeight,
    });
  }, [actions, ref, id, naturalWidth, naturalHeight]);
  useEffect(measure, [measure]);
  return measure;
}
