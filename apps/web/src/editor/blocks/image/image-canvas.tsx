import { useRef } from 'react';
import type { BlockOfType } from '@thankly/email';
import { useNaturalSize } from './use-natural-size.ts';

export function ImageCanvas({ block }: { block: BlockOfType<'image'> }) {
  if (!block.src.trim()) {
    return (
      <div className="flex h-24 items-center justify-center rounded border-2 border-dashed border-slate-300 bg-slate-50 text-sm text-slate-500">
        Image: upload or drop a picture here
      </div>
    );
  }
  return <LoadedImage block={block} />;
}

function LoadedImage({ block }: { block: BlockOfType<'image'> }) {
  const ref = useRef<HTMLImageElement>(null);
  const onLoad = useNaturalSize(ref, block);
  const width =
    block.width === 'full' ? '100%' : typeof block.width === 'number' ? block.width : undefined;
  const margin = block.align === 'center' ? '0 auto' : block.align === 'right' ? '0 0 0 auto' : 0;
  return (
    <img
      ref={ref}
      onLoad={onLoad}
      src={block.src}
      alt={block.alt}
      style={{
        display: 'block',
        margin,
        width,
        maxWidth: '100%',
        height: typeof block.height === 'number' ? block.height : 'auto',
        verticalAlign: block.vAlign,
      }}
    />
  );
}
