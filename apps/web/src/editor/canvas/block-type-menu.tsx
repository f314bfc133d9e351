import type { KeyboardEvent, Ref } from 'react';
import { FloatingPortal } from '@floating-ui/react';
import { blockRegistry, type BlockType } from '@thankly/email';
import {
  ANCHORED_LAYER_CLASS,
  type useAnchoredLayer,
} from '../../components/use-anchored-layer.ts';

/**
 * The block picker's menu, in a layer at the end of <body>. Arrow keys, Home and End move between
 * the types; Escape and Tab close it (`onClose` gives the focus back to the "+").
 */
export function BlockTypeMenu({
  id,
  menuRef,
  types,
  layer,
  onChoose,
  onClose,
}: {
  id: string;
  menuRef: Ref<HTMLDivElement>;
  types: readonly BlockType[];
  layer: Pick<ReturnType<typeof useAnchoredLayer>, 'style' | 'layerProps'>;
  onChoose: (type: BlockType) => void;
  onClose: () => void;
}) {
  function onMenuKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      // The menu sits at the end of the page: Tab carries on from the "+" button instead.
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  }

  return (
    <FloatingPortal>
      <div
        ref={menuRef}
        id={id}
        role="menu"
        aria-label="Block types"
        // Clicks in the menu are editing, not "clicking outside" (which deselects the block).
        data-keep-selection
        style={layer.style}
        {...layer.layerProps}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={onMenuKeyDown}
        className={`${ANCHORED_LAYER_CLASS} w-40 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-left shadow-lg`}
      >
        {types.map((type) => (
          <button
            key={type}
            type="button"
            role="menuitem"
            onClick={() => onChoose(type)}
            className="focus-ring block w-full rounded px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
          >
            {blockRegistry[type].label}
          </button>
        ))}
      </div>
    </FloatingPortal>
  );
}
