// Where the inspector sits: beside the canvas on wide screens, held below the app's sticky header
// (64 px) and scrolling on its own when taller than the screen; below them (lg) a bottom sheet over
// the canvas, opened with "Show inspector", so a block's settings appear on screen next to it
// instead of under the whole email.
import { useEffect, useRef } from 'react';
import { useEditor } from '../store/use-editor.ts';
import { Inspector } from './inspector.tsx';

/** Room kept above a block scrolled into view for the page's sticky header. */
const HEADER_ROOM_PX = 96;

/** Below lg the inspector is a bottom sheet over the canvas; from lg on, a column beside it. */
export function inspectorIsSheet(): boolean {
  return window.matchMedia?.('(max-width: 1023px)').matches ?? false;
}

/**
 * Gives focus back to the toolbar's "Show inspector" toggle once the sheet closes (the floating
 * button is gone once the sheet has been open).
 */
export function focusInspectorToggle(sheetId: string): void {
  [...document.querySelectorAll<HTMLElement>('[aria-controls]')]
    .find((element) => element.getAttribute('aria-controls') === sheetId)
    ?.focus();
}

export function InspectorSheet({
  id,
  open,
  onOpen,
  onClose,
}: {
  id: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const selectedId = useEditor((s) => s.selectedId);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    // The sheet covers the lower half of a phone: bring the block being edited above it.
    if (selectedId && inspectorIsSheet()) {
      const block = [...document.querySelectorAll<HTMLElement>('[data-block-id]')].find(
        (element) => element.dataset.blockId === selectedId,
      );
      if (block) window.scrollBy(0, block.getBoundingClientRect().top - HEADER_ROOM_PX);
    }
    // Only when the sheet opens, not on every selection while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <>
      {/* On a phone the toolbar's "Show inspector" is far above a block further down the email. */}
      {!open && selectedId ? (
        <button
          type="button"
          onClick={onOpen}
          aria-controls={id}
          aria-expanded={false}
          className="focus-ring fixed right-4 bottom-4 z-40 rounded-full bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 lg:hidden"
          data-keep-selection
        >
          Block settings
        </button>
      ) : null}
      <div
        id={id}
        role="region"
        aria-label="Inspector"
        className={`${open ? 'max-lg:fixed' : 'max-lg:hidden'} max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-40 max-lg:max-h-[55vh] max-lg:overflow-y-auto max-lg:rounded-t-2xl max-lg:border-t max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:pb-4 max-lg:shadow-2xl lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto`}
      >
        <div className="sticky top-0 z-10 -mx-4 mb-2 grid grid-cols-[1fr_auto_1fr] items-center border-b border-slate-100 bg-white px-4 py-2 lg:hidden">
          <span />
          <span aria-hidden="true" className="h-1 w-10 rounded-full bg-slate-300" />
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="focus-ring justify-self-end rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
            data-keep-selection
          >
            Close
          </button>
        </div>
        <Inspector />
      </div>
      {/* Room to scroll the last blocks of the email above the open sheet, or the end of the page
          (the checks' last Go to button) above the floating button. */}
      {open ? <div aria-hidden="true" className="h-[55vh] lg:hidden" /> : null}
      {!open && selectedId ? <div aria-hidden="true" className="h-20 lg:hidden" /> : null}
    </>
  );
}
