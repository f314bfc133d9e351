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
  // Both icons are in the markup and aria-expanded picks one, so the public site's script, which
  // only flips aria-expanded on the prerendered button, swaps them as React does.
  return (
    <button
      ref={ref}
      type="button"
      className={`group focus-ring inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium ${className}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <Menu aria-hidden="true" className="h-5 w-5 group-aria-expanded:hidden" />
      <X aria-hidden="true" className="hidden h-5 w-5 group-aria-expanded:block" />
      Menu
    </button>
  );
}
