// The app's one modal dialog (the starter picker, the marketplace message, share and import): in a
// layer at the end of the page, the page behind held still and hidden from assistive technology,
// the focus kept inside (Tab wraps) and given back to what opened it; Escape, the close button and
// a press on the backdrop close it. Floating UI's focus manager and dismiss hook do the keeping
// (not the native <dialog>: jsdom, where the unit tests run, has no showModal).
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import {
  FloatingFocusManager,
  FloatingOverlay,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';

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
  const { refs, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
  });
  // The panel takes the focus on opening (a caller may then move it into its content), and the
  // opener gets it back however the dialog closed: the focus manager would skip that after a
  // press on the backdrop, and would focus the panel a frame late, over the caller's choice.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => {
      // The opener may be gone (its row changed once the order was thanked).
      if (opener?.isConnected) opener.focus();
    };
    // A ref object: the same for the dialog's whole life, so this runs once, on opening.
  }, [panel]);

  // A press that starts on the backdrop closes (mousedown, not click), so a text selection dragged
  // out of the panel and let go over the backdrop does not.
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePressEvent: 'mousedown' }),
  ]);

  // react-dom's portal, not FloatingPortal: that one mounts its content a render later, after the
  // effect above has looked for the panel.
  return createPortal(
    <FloatingOverlay
      ref={scrollerRef}
      lockScroll
      className="z-50 overflow-y-auto bg-slate-900/50 p-3 sm:p-8"
    >
      <FloatingFocusManager context={context} initialFocus={-1} returnFocus={false}>
        <div
          ref={(element) => {
            panel.current = element;
            refs.setFloating(element);
          }}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={`mx-auto w-full ${size === 'wide' ? 'max-w-5xl' : 'max-w-xl'} rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6`}
          {...getFloatingProps()}
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
      </FloatingFocusManager>
    </FloatingOverlay>,
    document.body,
  );
}
