// The "+" button and its menu of block types (spec: Heading, Text, Button, Image, Divider, Spacer,
// Columns). Escape or a click elsewhere closes it; choosing inserts the block and selects it.
import { useEffect, useId, useRef, useState } from 'react';
import { blockRegistry, blockTypes, type BlockType } from '@thankly/email';
import type { InsertTarget } from '../model/commands.ts';
import { useEditorActions } from '../store/use-editor.ts';

export function BlockPicker({
  at,
  label,
  allowColumns = true,
  className = '',
  buttonText,
}: {
  at: InsertTarget;
  /** Accessible name of the "+" button, e.g. "Add block above Heading". */
  label: string;
  allowColumns?: boolean;
  className?: string;
  /** Visible text next to the plus sign (the empty canvas and columns show words). */
  buttonText?: string;
}) {
  const [open, setOpen] = useState(false);
  const actions = useEditorActions();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const types = blockTypes.filter((t) => allowColumns || t !== 'columns');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  function choose(type: BlockType) {
    setOpen(false);
    actions.insertNew(type, at);
  }

  return (
    // Positioned by the caller (absolute on a block's edge) or in the flow; either way the menu
    // is placed against this box.
    <div
      ref={root}
      className={`z-20 ${className.includes('absolute') ? '' : 'relative'} ${className}`}
      data-keep-selection
    >
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((v) => !v);
        }}
        className={`focus-ring inline-flex items-center justify-center gap-1 rounded-full border border-brand-600 bg-white font-semibold text-brand-700 shadow-sm hover:bg-brand-50 ${
          buttonText ? 'px-3 py-1 text-xs' : 'h-6 w-6 text-sm leading-none'
        }`}
      >
        <span aria-hidden="true">+</span>
        {buttonText}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Block types"
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            const items = [
              ...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
            ];
            const index = items.indexOf(document.activeElement as HTMLButtonElement);
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              items[(index + step + items.length) % items.length]?.focus();
            }
          }}
          className="absolute left-1/2 top-full mt-1 w-40 -translate-x-1/2 rounded-lg border border-slate-200 bg-white p-1 text-left shadow-lg"
        >
          {types.map((type) => (
            <button
              key={type}
              type="button"
              role="menuitem"
              onClick={() => choose(type)}
              className="focus-ring block w-full rounded px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
            >
              {blockRegistry[type].label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
