// The one editor store: the design, the undo history and the selection. The design changes only
// through named commands (../model/commands.ts); selection lives beside the history, never in it.
import type { Design } from '@thankly/email';
import { loadDesign, type Command } from '../model/commands.ts';
import { findBlock } from '../model/tree.ts';

/** A pause longer than this ends a burst: the next keystroke or drag step starts a new undo entry. */
export const COALESCE_WINDOW_MS = 1000;
export const HISTORY_LIMIT = 200;

export interface EditorState {
  readonly design: Design;
  readonly selectedId: string | null;
  /** Designs before each recorded change, oldest first. */
  readonly past: readonly Design[];
  readonly future: readonly Design[];
}

export interface EditorStore {
  getState(): EditorState;
  subscribe(listener: () => void): () => void;
  run<A>(command: Command<A>, args: A): void;
  undo(): void;
  redo(): void;
  select(id: string | null): void;
  /** Ends the current burst (pointer up, field blur): the next change starts a new undo entry. */
  endBurst(): void;
  /**
   * The design as the seller left it, before any `amend` the editor made to it: what "unsaved
   * changes" compares, so measuring a loaded template's images does not count as an edit.
   */
  unamended(design: Design): Design;
}

export function createEditorStore(
  initial: Design,
  { now = () => Date.now() }: { now?: () => number } = {},
): EditorStore {
  let state: EditorState = { design: initial, selectedId: null, past: [], future: [] };
  let burst: { key: string; at: number } | null = null;
  const listeners = new Set<() => void>();
  const amendedFrom = new WeakMap<Design, Design>();

  function set(next: EditorState) {
    state = next;
    for (const listener of listeners) listener();
  }

  /** Selection survives only while its block exists (undo may remove it). */
  function keepSelection(design: Design, selectedId: string | null) {
    return selectedId && findBlock(design, selectedId) ? selectedId : null;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run(command, args) {
      const design = command.apply(state.design, args);
      if (design === state.design) return;
      if (command.history === 'amend') {
        amendedFrom.set(design, amendedFrom.get(state.design) ?? state.design);
        set({ ...state, design });
        return;
      }
      if (command.history === 'skip') {
        burst = null;
        set({ design, selectedId: keepSelection(design, state.selectedId), past: [], future: [] });
        return;
      }
      const key =
        command.history === 'coalesce'
          ? `${command.name}:${command.coalesceKey?.(args) ?? ''}`
          : null;
      const at = now();
      const continues = key !== null && burst?.key === key && at - burst.at <= COALESCE_WINDOW_MS;
      burst = key === null ? null : { key, at };
      const past = continues ? state.past : [...state.past, state.design].slice(-HISTORY_LIMIT);
      set({ design, selectedId: keepSelection(design, state.selectedId), past, future: [] });
    },
    undo() {
      const previous = state.past.at(-1);
      if (!previous) return;
      burst = null;
      set({
        design: previous,
        selectedId: keepSelection(previous, state.selectedId),
        past: state.past.slice(0, -1),
        future: [state.design, ...state.future],
      });
    },
    redo() {
      const [next, ...future] = state.future;
      if (!next) return;
      burst = null;
      set({
        design: next,
        selectedId: keepSelection(next, state.selectedId),
        past: [...state.past, state.design],
        future,
      });
    },
    select(id) {
      const selectedId = keepSelection(state.design, id);
      if (selectedId !== state.selectedId) set({ ...state, selectedId });
    },
    endBurst() {
      burst = null;
    },
    unamended: (design) => amendedFrom.get(design) ?? design,
  };
}

/** Loads a design without history (a saved template arriving from the server). */
export function loadInto(store: EditorStore, design: Design) {
  store.run(loadDesign, { design });
}
