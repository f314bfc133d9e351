// Moving a step re-orders the cards; the keyboard stays on the button that moved it (or, at an
// end of the list where that button is now disabled, on the other one), so pressing it again
// keeps moving the same step.
import { useEffect, useState } from 'react';

export function moveButtonId(key: string, by: -1 | 1): string {
  return `step-${key}-move-${by < 0 ? 'up' : 'down'}`;
}

export function useFocusAfterMove(move: (key: string, by: -1 | 1) => void) {
  const [moved, setMoved] = useState<{ key: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const same = document.getElementById(moveButtonId(moved.key, moved.by));
    const other = document.getElementById(moveButtonId(moved.key, moved.by < 0 ? 1 : -1));
    const target = same && !(same as HTMLButtonElement).disabled ? same : other;
    target?.focus();
  }, [moved]);
  return (key: string, by: -1 | 1) => {
    move(key, by);
    setMoved({ key, by });
  };
}
