import { useRef, type KeyboardEvent } from 'react';

/** How many tiles sit in one row of the grid, from its computed columns (1 without layout). */
function columnsOf(grid: HTMLElement): number {
  const template = getComputedStyle(grid).gridTemplateColumns;
  return Math.max(1, template.split(' ').filter((part) => part && part !== 'none').length);
}

/**
 * Arrow keys, Home and End move the focus between the grid's tiles (the elements with
 * `tileSelector`), row by row as the grid is laid out at the current width.
 */
export function useGridArrowKeys<T extends HTMLElement>(tileSelector: string) {
  const grid = useRef<T>(null);
  function onKeyDown(event: KeyboardEvent<T>) {
    const tiles = [...(grid.current?.querySelectorAll<HTMLElement>(tileSelector) ?? [])];
    const at = tiles.indexOf(document.activeElement as HTMLElement);
    if (at < 0 || !grid.current) return;
    const columns = columnsOf(grid.current);
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + columns,
      ArrowUp: at - columns,
      Home: 0,
      End: tiles.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    tiles[Math.min(Math.max(to, 0), tiles.length - 1)]?.focus();
  }
  return { grid, onKeyDown };
}
