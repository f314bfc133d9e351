// How components reach the store: selector hooks to read, `useEditorActions` to change it.
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import {
  brandNewBlock,
  createBlock,
  type Block,
  type BlockType,
  type BrandKit,
  type Design,
} from '@thankly/email';
import type { Command, InsertTarget } from '../model/commands.ts';
import { insertBlock, moveBlockTo } from '../model/commands.ts';
import type { EditorState, EditorStore } from './editor-store.ts';

export const EditorStoreContext = createContext<EditorStore | null>(null);

/**
 * The seller's brand kit while they edit: a block they add (or reset to default) wears it. Null
 * while it loads, if it could not be loaded, or outside a template editor: blocks as the registry
 * makes them.
 */
export const EditorBrandContext = createContext<BrandKit | null>(null);

/** The brand new blocks wear (see EditorBrandContext). */
export function useEditorBrand(): BrandKit | null {
  return useContext(EditorBrandContext);
}

function useStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditor* must be used inside <EditorStoreContext>');
  return store;
}

/** Reads a slice of the editor state; re-renders only when that slice changes (by identity). */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  const store = useStore();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}

/**
 * Calls `listener` whenever a slice of the state changes, without re-rendering: for a widget that
 * keeps its own DOM in step with the store (the rich-text editor). `selector` is read once.
 */
export function useEditorListener<T>(
  selector: (state: EditorState) => T,
  listener: (value: T) => void,
): void {
  const store = useStore();
  const latest = useRef({ selector, listener });
  useEffect(() => {
    latest.current = { selector, listener };
  });
  useEffect(() => {
    let previous = latest.current.selector(store.getState());
    return store.subscribe(() => {
      const next = latest.current.selector(store.getState());
      if (next === previous) return;
      previous = next;
      latest.current.listener(next);
    });
  }, [store]);
}

export const selectDesign = (state: EditorState): Design => state.design;
export const selectGlobal = (state: EditorState) => state.design.global;
export const selectSelectedId = (state: EditorState) => state.selectedId;
export const selectCanUndo = (state: EditorState) => state.past.length > 0;
export const selectCanRedo = (state: EditorState) => state.future.length > 0;

export interface EditorActions {
  run<A>(command: Command<A>, args: A): void;
  /** Creates a fresh block of `type` wearing `brand` at `at`, and selects it. */
  insertNew(type: BlockType, at: InsertTarget, brand?: BrandKit | null): void;
  /** Inserts a block made elsewhere (an image from the text toolbar) at `at` and selects it. */
  insert(block: Block, at: InsertTarget): void;
  move(id: string, at: InsertTarget): void;
  select(id: string | null): void;
  undo(): void;
  redo(): void;
  endBurst(): void;
}

export function createActions(store: EditorStore): EditorActions {
  function insert(block: Block, at: InsertTarget) {
    store.run(insertBlock, { block, at });
    store.select(block.id);
  }
  return {
    run: (command, args) => store.run(command, args),
    insertNew: (type, at, brand) =>
      insert(brandNewBlock(createBlock(type), brand, store.getState().design.global), at),
    insert,
    move: (id, at) => store.run(moveBlockTo, { id, at }),
    select: (id) => store.select(id),
    undo: () => store.undo(),
    redo: () => store.redo(),
    endBurst: () => store.endBurst(),
  };
}

const actionsCache = new WeakMap<EditorStore, EditorActions>();

export function useEditorActions(): EditorActions {
  const store = useStore();
  let actions = actionsCache.get(store);
  if (!actions) {
    actions = createActions(store);
    actionsCache.set(store, actions);
  }
  return actions;
}
