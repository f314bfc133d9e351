// A titled, collapsible group of inspector fields (native <details>: Enter or Space on the title
// opens and closes it, and assistive technology announces it as expanded or collapsed).
// Whether a group is open is remembered by its title for the session, so a seller who opened
// "Spacing" for one block finds it open for the next.
import { useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

const openByTitle = new Map<string, boolean>();

export function InspectorSection({
  title,
  defaultOpen = false,
  children,
}: {
  title: string;
  /** Open the first time the seller meets it: the groups used most. */
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  // Read once: afterwards the <details> element owns its open state.
  const [initiallyOpen] = useState(() => openByTitle.get(title) ?? defaultOpen);
  return (
    <details
      data-inspector-section={title}
      open={initiallyOpen}
      onToggle={(e) => openByTitle.set(title, e.currentTarget.open)}
      className="group/section border-t border-slate-200 pt-1 first:border-t-0 first:pt-0"
    >
      <summary className="focus-ring -mx-1 flex cursor-pointer list-none items-center justify-between rounded px-1 py-2 text-xs font-bold tracking-wide text-slate-900 uppercase hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown
          aria-hidden="true"
          className="size-4 text-slate-500 transition-transform group-open/section:rotate-180"
        />
      </summary>
      <div className="space-y-4 pt-1 pb-4">{children}</div>
    </details>
  );
}
