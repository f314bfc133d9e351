// "New template" opens this: the starter designs (each wearing the seller's brand) as tiles with
// live thumbnails, Blank among them. Arrow keys and Tab move between tiles, Enter chooses, Escape
// closes. Choosing opens the editor with that design, name and subject, not saved until Save.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GalleryDesign } from '@thankly/api-contract';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { Button } from '../components/ui/index.ts';
import { isBrandEmpty } from '../brand/brand-form.ts';
import { useBrand, useGallery } from '../brand/brand-queries.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { BrandNudge } from './brand-nudge.tsx';
import { StarterGridSkeleton } from './starter-grid-skeleton.tsx';
import { StarterTile } from './starter-tile.tsx';
import { useGridArrowKeys } from './use-grid-arrow-keys.ts';

export const BLANK_ID = 'blank';
export const PICKER_TITLE = 'Start a new template';
const TILE_SELECTOR = '[data-starter-tile]';

/** The editor's address for a new template started from starter design `id`. */
export function starterPath(id: string): string {
  return `${PRODUCT_PATH}/create?starter=${encodeURIComponent(id)}`;
}

/** Blank first, then the starter designs in the server's order. */
function ordered(designs: readonly GalleryDesign[]): GalleryDesign[] {
  return [...designs].sort((a, b) => Number(b.id === BLANK_ID) - Number(a.id === BLANK_ID));
}

export function StarterPicker({ onClose }: { onClose: () => void }) {
  const gallery = useGallery();
  const brand = useBrand();
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const { grid, onKeyDown: onGridKeyDown } = useGridArrowKeys<HTMLUListElement>(TILE_SELECTOR);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  // Once the tiles are there, the first one takes the focus, unless the seller moved it to
  // something else in the dialog (after Try again its button is gone, and so is the focus).
  const loaded = gallery.isSuccess;
  useEffect(() => {
    const active = document.activeElement;
    if (loaded && (active === panel.current || !panel.current?.contains(active)))
      grid.current?.querySelector<HTMLElement>(TILE_SELECTOR)?.focus();
  }, [loaded, grid]);

  function choose(design: GalleryDesign) {
    onClose();
    navigate(starterPath(design.id));
  }

  const designs = gallery.data ? ordered(gallery.data) : [];
  const noBrand = brand.isSuccess && isBrandEmpty(brand.data);

  return (
    <ModalDialog
      title={PICKER_TITLE}
      description={
        noBrand
          ? 'Pick a starting design. Everything in it can be changed in the editor.'
          : 'Pick a starting design. Each one already wears your brand, and everything in it can be changed in the editor.'
      }
      size="wide"
      panelRef={panel}
      scrollerRef={setScroller}
      onClose={onClose}
    >
      {noBrand ? <BrandNudge onFollow={onClose} /> : null}

      {gallery.isPending ? (
        <StarterGridSkeleton />
      ) : gallery.isError ? (
        <div role="alert" className="mt-5 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          The starter designs could not be loaded.
          <Button variant="secondary" onClick={() => gallery.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul
          ref={grid}
          aria-label="Starter designs"
          onKeyDown={onGridKeyDown}
          className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {designs.map((design) => (
            <StarterTile
              key={design.id}
              design={design}
              scroller={scroller}
              onChoose={() => choose(design)}
            />
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
