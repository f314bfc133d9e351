// The "+" button and its menu of block types (spec: Heading, Text, Button, Image, Divider, Spacer,
// Columns). Escape or a click elsewhere closes it; choosing inserts the block and selects it.
// The menu is rendered in a layer at the end of <body> (the canvas sits in a frame that clips its
// overflow, so a menu drawn inside it lost every item below the canvas's edge), flipping above the
// button when there is no room below.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { blockTypes, type BlockType } from '@thankly/email';
import type { InsertTarget } from '../model/commands.ts';
import { useEditorActions, useEditorBrand } from '../store/use-editor.ts';
import { useAnchoredLayer } from '../../components/use-anchored-layer.ts';
import { BlockTypeMenu } from './block-type-menu.tsx';

export function BlockPicker({
  at,
  label,
  allowColumns = true,
  className = '',
  buttonText,
}: {
  at: InsertTarget;
  /** Accessible name of the "+" button, e.g. "Add a block after Heading block 1". */
  label: string;
  allowColumns?: boolean;
  className?: string;
  /** Visible text next to the plus sign (the empty canvas and columns show words). */
  buttonText?: string;
}) {
  const [open, setOpen] = useState(false);
  const actions = useEditorActions();
  const brand = useEditorBrand();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const layer = useAnchoredLayer({ open, onOpenChange: setOpen });
  const types = blockTypes.filter((t) => allowColumns || t !== 'columns');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !menu.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // The portal mounts the menu a render after `open` turns on: focus its first item once it exists.
  // preventScroll: the layer is placed a frame later; focusing first must not jump the page.
  const { setFloating } = layer.refs;
  const setMenu = useCallback(
    (node: HTMLDivElement | null) => {
      menu.current = node;
      setFloating(node);
      node?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus({ preventScroll: true });
    },
    [setFloating],
  );

  // A stable ref: a new function each render would detach and reattach the button, and each time
  // Floating UI sets its anchor to null and back, two state updates and a second render.
  const { setReference } = layer.refs;
  const setTrigger = useCallback(
    (node: HTMLButtonElement | null) => {
      trigger.current = node;
      setReference(node);
    },
    [setReference],
  );

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  function choose(type: BlockType) {
    setOpen(false);
    actions.insertNew(type, at, brand);
  }

  return (
    // Positioned by the caller (absolute on a block's edge) or in the flow.
    <div
      ref={root}
      className={`z-20 ${className.includes('absolute') ? '' : 'relative'} ${className}`}
      data-keep-selection
    >
      <button
        ref={setTrigger}
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
          // In a narrow column (a size container) the words give way and the plus stays.
          buttonText ? 'px-3 py-1 text-xs @max-[6rem]:px-1' : 'h-6 w-6 text-sm leading-none'
        }`}
      >
        <Plus aria-hidden="true" className={buttonText ? 'size-3.5' : 'size-4'} strokeWidth={2.5} />
        {buttonText ? <span className="@max-[6rem]:hidden">{buttonText}</span> : null}
      </button>
      {open ? (
        <BlockTypeMenu
          id={menuId}
          menuRef={setMenu}
          types={types}
          layer={layer}
          onChoose={choose}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
