// The right-edge handle that sets a block's width by dragging, snapping to the marks, or from the
// keyboard (arrows in 5% steps that stop on each mark, Page Up/Down from mark to mark, Home/End).
import { useState } from 'react';
import type { Block } from '@thankly/email';
import { resizeBlock } from '../model/commands.ts';
import { WIDTH_SNAP_MARKS } from '../model/snap.ts';
import { useEditorActions } from '../store/use-editor.ts';
import { usePointerDrag } from './use-pointer-drag.ts';

const MIN_BLOCK_WIDTH_PCT = 5;
const MAX_BLOCK_WIDTH_PCT = 100;

/** Where on the row (percent from its left) the block's right edge sits at `widthPct`. */
function rightEdgeAt(align: Block['align'], widthPct: number): number | null {
  if (align === 'left') return widthPct;
  if (align === 'center') return 50 + widthPct / 2;
  return null;
}

export function WidthHandle({ block, label }: { block: Block; label: string }) {
  const actions = useEditorActions();
  const [focused, setFocused] = useState(false);
  const { dragging, handleProps } = usePointerDrag({
    row: '[data-block-row]',
    value: block.widthPct,
    min: MIN_BLOCK_WIDTH_PCT,
    max: MAX_BLOCK_WIDTH_PCT,
    onStart: () => {
      actions.select(block.id);
      actions.endBurst();
    },
    onDrag: (from, travelPct) => {
      // A centred block grows on both sides, so its width changes twice as fast as the pointer.
      const factor = block.align === 'center' ? 2 : 1;
      actions.run(resizeBlock, { id: block.id, widthPct: from + travelPct * factor });
    },
    // The key already lands on a step or a mark: snapping would pull 35% back to 33%.
    onKey: (widthPct) => actions.run(resizeBlock, { id: block.id, widthPct, snap: false }),
    onEnd: actions.endBurst,
  });

  return (
    <>
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={MIN_BLOCK_WIDTH_PCT}
        aria-valuemax={MAX_BLOCK_WIDTH_PCT}
        aria-valuenow={block.widthPct}
        aria-valuetext={`${block.widthPct}%`}
        data-width-handle
        {...handleProps}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          actions.endBurst();
        }}
        onClick={(e) => e.stopPropagation()}
        className="focus-ring absolute top-1/2 -right-1.5 z-10 flex h-10 w-3 -translate-y-1/2 cursor-ew-resize touch-none items-center justify-center rounded-full border border-brand-600 bg-white shadow"
      >
        <span aria-hidden="true" className="h-5 w-px bg-brand-600" />
      </div>
      {/* While dragging or moved with the keys, the marks show where the edge can snap to. */}
      {dragging || focused ? <SnapMarks align={block.align} widthPct={block.widthPct} /> : null}
    </>
  );
}

/**
 * Tick marks across the row while dragging, the current width highlighted when it sits on a mark.
 * Drawn inside the block's frame, so row positions are converted to positions in the frame.
 */
function SnapMarks({ align, widthPct }: { align: Block['align']; widthPct: number }) {
  const frameLeft = align === 'center' ? 50 - widthPct / 2 : 0;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 z-0" data-snap-marks>
      {WIDTH_SNAP_MARKS.map((mark) => {
        const edge = rightEdgeAt(align, mark);
        if (edge === null) return null;
        const left = ((edge - frameLeft) / widthPct) * 100;
        const active = mark === widthPct;
        return (
          <div key={mark} className="absolute inset-y-0" style={{ left: `${left}%` }}>
            <div
              className={`h-full border-l border-dashed ${active ? 'border-brand-600' : 'border-slate-300'}`}
            />
            <span
              className={`absolute -top-5 -translate-x-1/2 rounded px-1 text-[10px] font-semibold ${
                active ? 'bg-brand-600 text-white' : 'bg-white text-slate-500'
              }`}
            >
              {mark}%
            </span>
          </div>
        );
      })}
    </div>
  );
}
