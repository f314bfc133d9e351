// Where toasts appear: sonner's list at the bottom right (full width on a phone), every toast in
// view rather than stacked behind the newest, as many as lib/toast.ts lets be up at once.
import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { MAX_TOASTS } from '../lib/toast.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

// Tailwind's max-w-sm, the width toasts have always had.
const WIDTH = { '--width': '24rem' } as CSSProperties;

// Where toasts have always stood: 16 px above the bottom, 32 px in from the right (16 px on a phone).
const OFFSET = { bottom: 16, right: 32 };

// A toast on its way out is gone at once, not left to fade over the next one: its close button
// would stay in the way of a seller (or a test) closing the next.
const TOAST_OPTIONS = { unstyled: true, classNames: { toast: 'data-[removed=true]:invisible' } };

export function Toaster() {
  // Rendered once the page has hydrated, not prerendered: hydrating sonner's list over its
  // prerendered copy failed in the browser (React error 418), and no toast can exist before then.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Sonner
      position="bottom-right"
      expand
      visibleToasts={MAX_TOASTS}
      gap={8}
      offset={OFFSET}
      mobileOffset={16}
      containerAriaLabel="Notifications"
      style={WIDTH}
      toastOptions={TOAST_OPTIONS}
    />
  );
}
