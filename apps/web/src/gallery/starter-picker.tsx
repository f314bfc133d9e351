// "New template" opens this: the starter designs (each wearing the seller's brand) as tiles with
// live thumbnails, Blank among them. Arrow keys and Tab move between tiles, Enter chooses, Escape
// closes. Choosing opens the editor with that design, name and subject, not saved until Save.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Palette } from 'lucide-react';
import type { GalleryDesign } from '@thankly/api-contract';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { Button } from '../components/ui/index.ts';
import { isBrandEmpty } from '../brand/brand-form.ts';
import { useBrand, useGallery } from '../brand/brand-queries.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { StarterThumbnail } from './starter-thumbnail.tsx';

export const BLANK_ID = 'blank';
export const PICKER_TITLE = 'Start a new template';
export const SET_UP_BRAND = 'Set up your brand first';

/** The editor's address for a new template started from starter design `id`. */
export function starterPath(id: string): string {
  return `${PRODUCT_PATH}/create?starter=${encodeURIComponent(id)}`;
}

/** Blank first, then the starter designs in the server's order. */
function ordered(designs: readonly GalleryDesign[]): GalleryDesign[] {
  return [...designs].sort((a, b) => Number(b.id === BLANK_ID) - Number(a.id === BLANK_ID));
}

/** How many tiles sit in one row of the grid, from its computed columns (1 without layout). */
function columnsOf(grid: HTMLElement): number {
  const template = getComputedStyle(grid).gridTemplateColumns;
  return Math.max(1, template.split(' ').filter((part) => part && part !== 'none').length);
}

export function StarterPicker({ onClose }: { onClose: () => void }) {
  const gallery = useGallery();
  const brand = useBrand();
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  // Once the tiles are there, the first one takes the focus, unless the seller moved it to
  // something else in the dialog (after Try again its button is gone, and so is the focus).
  const loaded = gallery.isSuccess;
  useEffect(() => {
    const active = document.activeElement;
    if (loaded && (active === panel.current || !panel.current?.contains(active)))
      grid.current?.querySelector<HTMLElement>('[data-starter-tile]')?.focus();
  }, [loaded]);

  function choose(design: GalleryDesign) {
    onClose();
    navigate(starterPath(design.id));
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const tiles = [...(grid.current?.querySelectorAll<HTMLElement>('[data-starter-tile]') ?? [])];
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
      {noBrand ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
          <Palette aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
          <span>Add your logo and colours once and every design below wears them.</span>
          <Link
            to={`${PRODUCT_PATH}/brand`}
            onClick={onClose}
            className="focus-ring font-semibold text-brand-700 underline"
          >
            {SET_UP_BRAND}
          </Link>
        </div>
      ) : null}

      {gallery.isPending ? (
        <ul
          aria-busy="true"
          aria-label="Loading starter designs"
          className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {[0, 1, 2].map((i) => (
            <li
              key={i}
              className="h-[360px] animate-pulse rounded-2xl border border-slate-200 bg-slate-50"
            />
          ))}
        </ul>
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

function StarterTile({
  design,
  scroller,
  onChoose,
}: {
  design: GalleryDesign;
  scroller: Element | null;
  onChoose: () => void;
}) {
  const descriptionId = useId();
  return (
    <li
      data-starter={design.id}
      className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-slate-400 has-[:focus-visible]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
    >
      <div aria-hidden="true">
        <StarterThumbnail design={design.design} name={design.name} scroller={scroller} />
      </div>
      <div className="px-1 pb-1">
        <h3 className="text-base font-semibold text-slate-900">
          {/* The whole tile is the button's target (its ::after covers the tile). */}
          <button
            type="button"
            data-starter-tile
            aria-describedby={descriptionId}
            onClick={onChoose}
            className="text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none!"
          >
            {design.name}
          </button>
        </h3>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {design.description}
        </p>
      </div>
    </li>
  );
}
