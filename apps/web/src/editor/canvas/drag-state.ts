// The block being dragged (HTML drag and drop hides dataTransfer contents until the drop).
let draggingId: string | null = null;

export function startDragging(id: string) {
  draggingId = id;
}

export function stopDragging() {
  draggingId = null;
}

export function currentDrag(): string | null {
  return draggingId;
}
