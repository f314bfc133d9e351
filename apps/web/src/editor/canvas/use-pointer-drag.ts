// A handle that sets a width: dragged, the pointer's travel counts as a share of the row it sits
// in; from the keyboard, arrows step and Page Up/Down and Home/End jump (model/snap.ts). The block
// width handle and the column handles share it, so both move alike.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { widthForKey } from '../model/snap.ts';

interface DragStart {
  x: number;
  value: number;
  rowWidth: number;
}

export function usePointerDrag({
  row,
  value,
  min,
  max,
  onStart,
  onDrag,
  onKey,
  onEnd,
}: {
  /** A selector for the ancestor whose width is 100 %. */
  row: string;
  /** The width now, in percent; a drag starts from it. */
  value: number;
  min: number;
  max: number;
  onStart?: () => void;
  /** The pointer moved `travelPct` percent of the row since the drag started at `from`. */
  onDrag: (from: number, travelPct: number) => void;
  /** A key asked for `next` (already on a step or a mark). */
  onKey: (next: number) => void;
  onEnd: () => void;
}) {
  const start = useRef<DragStart | null>(null);
  const [dragging, setDragging] = useState(false);

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    const rowElement = event.currentTarget.closest(row);
    if (!rowElement) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, value, rowWidth: rowElement.getBoundingClientRect().width };
    setDragging(true);
    onStart?.();
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const s = start.current;
    if (!s || s.rowWidth === 0) return;
    onDrag(s.value, ((event.clientX - s.x) / s.rowWidth) * 100);
  }

  function onPointerUp() {
    start.current = null;
    setDragging(false);
    onEnd();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const next = widthForKey(event.key, value, { min, max });
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    onKey(next);
  }

  return {
    dragging,
    handleProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onKeyDown,
    },
  };
}
