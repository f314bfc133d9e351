// The toolbar's own small controls: its button look, a pressed toggle, and arrow-key movement.
import type { ComponentProps, KeyboardEvent } from 'react';

export const control =
  'focus-ring inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';
export const pressedClass = 'bg-slate-900 text-white hover:bg-slate-800';
export const selectClass =
  'focus-ring h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm text-slate-800 disabled:opacity-40';

/**
 * A toolbar button that keeps the focus (and the selection) in the text while clicked; pressed
 * when `pressed` is given. `shortcut` is said as it is typed ("Ctrl+B").
 */
export function ToolbarButton({
  label,
  shortcut,
  pressed,
  title,
  className = '',
  ...button
}: Omit<ComponentProps<'button'>, 'aria-label'> & {
  label: string;
  shortcut?: string;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      data-toolbar-item
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut?.replace('Ctrl', 'Control')}
      title={title ?? (shortcut ? `${label} (${shortcut})` : label)}
      onMouseDown={(e) => e.preventDefault()}
      className={`${control} ${pressed ? pressedClass : ''} ${className}`.trim()}
      {...button}
    />
  );
}

/** Left/Right arrows move between the toolbar's buttons (selects and inputs keep their keys). */
export function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  if (!(event.target instanceof HTMLButtonElement)) return;
  const items = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('[data-toolbar-item]:not(:disabled)'),
  ];
  const index = items.indexOf(event.target);
  if (index < 0) return;
  event.preventDefault();
  const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
  items[next]?.focus();
}
