// The "Menu" button that opens a header's navigation on narrow screens (site header and app shell).
import type { Ref } from 'react';
import { Menu, X } from 'lucide-react';

export function MenuToggleButton({
  ref,
  open,
  controls,
  onToggle,
  className = '',
}: {
  ref?: Ref<HTMLButtonElement>;
  open: boolean;
  /** The id of the menu it opens. */
  controls: string;
  onToggle: () => void;
  /** Where it shows: the breakpoint class that hides it on wide screens. */
  className?: string;
}) {
  const Icon = open ? X : Menu;
  return (
    <button
      ref={ref}
      type="button"
      className={`focus-ring inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium ${className}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      Menu
    </button>
  );
}
