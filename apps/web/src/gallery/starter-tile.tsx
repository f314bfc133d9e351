import { useId } from 'react';
import type { GalleryDesign } from '@thankly/api-contract';
import { StarterThumbnail } from './starter-thumbnail.tsx';

/** One starter design: its live thumbnail, name and description; the whole tile chooses it. */
export function StarterTile({
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
