// The app's one modal dialog (the starter picker, the marketplace message): in a layer at the end
// of the page, the page behind held still, the focus kept inside (Tab wraps) and given back to what
// opened it; Escape, the close button and a click on the backdrop close it.
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  title: string;
  /** A line under the title; the dialog is described by it. */
  description?: ReactNode;
  onClose: () => void;
  /** 'wide' holds a grid of choices (the starter designs). */
  size?: 'default' | 'wide';
  /** The panel, for a caller that moves the focus inside it itself. */
  panelRef?: RefObject<HTMLDivElement | null>;
  /** The layer that scrolls, for content that loads as it comes into view. */
  scrollerRef?: (element: HTMLDivElement | null) => void;
  children: ReactNode;
}

export function ModalDialog({
  title,
  description,
  onClose,
  size = 'default',
  panelRef,
  scrollerRef,
  children,
}: ModalDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const ownPanel = useRef<HTMLDivElement>(null);
  const panel = panelRef ?? ownPanel;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      // The opener may be gone (its row changed once the order was thanked).
      if (opener?.isConnected) opener.focus();
    };
    // A ref object: the same for the dialog's whole life, so this runs once, on opening.
  }, [panel]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      ref={scrollerRef}
      className="fixed inset-0 z-50 overflow-y-auto bg-slate-900/50 p-3 sm:p-8"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`mx-auto w-full ${size === 'wide' ? 'max-w-5xl' : 'max-w-xl'} rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6`}
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2
              id={titleId}
              className={
                size === 'wide'
                  ? 'text-2xl font-bold tracking-tight text-slate-900'
                  : 'text-lg font-semibold text-slate-900'
              }
            >
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="focus-ring -mt-1 -mr-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
