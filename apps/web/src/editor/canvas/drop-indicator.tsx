import type { DropPlace } from './use-block-drop.ts';

/** Where a drop will land: a line above or below the block, or the whole block to fill. */
export function DropIndicator({ place }: { place: DropPlace | null }) {
  if (place === 'fill') {
    return (
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 z-40 rounded border-2 border-brand-600 bg-brand-50/60"
      />
    );
  }
  if (!place) return null;
  return (
    <div
      aria-hidden="true"
      className={`absolute inset-x-0 z-40 h-1 rounded bg-brand-600 ${place === 'above' ? '-top-0.5' : '-bottom-0.5'}`}
    />
  );
}
