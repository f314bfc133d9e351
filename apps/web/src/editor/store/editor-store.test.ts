import { describe, expect, it } from 'vitest';
import { createBlock, designSchema, type Block } from '@thankly/email';
import {
  deleteBlock,
  editText,
  insertBlock,
  loadDesign,
  resizeBlock,
  updateBlock,
  updateGlobalStyle,
} from '../model/commands.ts';
import { findBlock } from '../model/tree.ts';
import { COALESCE_WINDOW_MS, createEditorStore } from './editor-store.ts';
import { createActions } from './use-editor.ts';

function setup() {
  let time = 0;
  const design = designSchema.parse({
    blocks: [createBlock('text', 't1'), createBlock('heading', 'h1')],
  });
  const store = createEditorStore(design, { now: () => time });
  return { store, design, tick: (ms: number) => (time += ms) };
}

const textOf = (store: ReturnType<typeof setup>['store']) =>
  (findBlock(store.getState().design, 't1')!.block as Extract<Block, { type: 'text' }>).content;

describe('editor store history', () => {
  it('records each structural command and undoes/redoes it', () => {
    const { store, design } = setup();
    store.run(insertBlock, {
      block: createBlock('spacer', 's') as Block,
      at: { targetId: 't1', position: 'below' },
    });
    store.run(deleteBlock, { id: 'h1' });
    expect(store.getState().past).toHaveLength(2);
    store.undo();
    expect(findBlock(store.getState().design, 'h1')).not.toBeNull();
    store.undo();
    expect(store.getState().design).toBe(design);
    store.redo();
    store.redo();
    expect(findBlock(store.getState().design, 'h1')).toBeNull();
    expect(store.getState().future).toHaveLength(0);
  });

  it('coalesces a typing burst into one entry', () => {
    const { store, design, tick } = setup();
    for (const content of ['H', 'He', 'Hel', 'Hell', 'Hello']) {
      store.run(updateBlock, { id: 't1', patch: { content } });
      tick(200);
    }
    expect(store.getState().past).toHaveLength(1);
    store.undo();
    expect(store.getState().design).toBe(design);
  });

  it('starts a new entry after a pause, on another field, or after endBurst', () => {
    const { store, tick } = setup();
    store.run(updateBlock, { id: 't1', patch: { content: 'A' } });
    tick(COALESCE_WINDOW_MS + 1);
    store.run(updateBlock, { id: 't1', patch: { content: 'AB' } });
    expect(store.getState().past).toHaveLength(2);
    store.run(updateBlock, { id: 't1', patch: { align: 'center' } });
    expect(store.getState().past).toHaveLength(3);
    store.endBurst();
    store.run(updateBlock, { id: 't1', patch: { align: 'right' } });
    expect(store.getState().past).toHaveLength(4);
    store.undo();
    store.undo();
    store.undo();
    expect(textOf(store)).toBe('A');
  });

  it('keeps typing and formatting of rich text as separate entries', () => {
    const { store, design, tick } = setup();
    const edit = (html: string, burst: string) =>
      store.run(editText, { id: 't1', html, content: html.replace(/<[^>]+>/g, ''), burst });
    for (const word of ['<p>H</p>', '<p>Hi</p>', '<p>Hi!</p>']) {
      edit(word, 'typing');
      tick(100);
    }
    store.endBurst();
    edit('<p><strong>Hi!</strong></p>', 'format');
    store.endBurst();
    edit('<p><strong>Hi!</strong> you</p>', 'typing');
    expect(store.getState().past).toHaveLength(3);
    store.undo();
    expect(textOf(store)).toBe('Hi!');
    store.undo();
    store.undo();
    expect(store.getState().design).toBe(design);
  });

  it('coalesces a slider drag into one entry', () => {
    const { store, design } = setup();
    for (const widthPct of [90, 80, 70, 60, 50]) store.run(resizeBlock, { id: 'h1', widthPct });
    store.run(updateGlobalStyle, { patch: { canvasYMargin: 10 } });
    store.run(updateGlobalStyle, { patch: { canvasYMargin: 20 } });
    expect(store.getState().past).toHaveLength(2);
    store.undo();
    store.undo();
    expect(store.getState().design).toBe(design);
  });

  it('records nothing for a change that changes nothing, and a new change clears redo', () => {
    const { store } = setup();
    store.run(resizeBlock, { id: 'h1', widthPct: 100 });
    expect(store.getState().past).toHaveLength(0);
    store.run(deleteBlock, { id: 'h1' });
    store.undo();
    store.run(deleteBlock, { id: 't1' });
    expect(store.getState().future).toHaveLength(0);
  });

  it('loading a design is skipped and clears the history', () => {
    const { store } = setup();
    store.run(deleteBlock, { id: 'h1' });
    const loaded = designSchema.parse({ blocks: [createBlock('button', 'b')] });
    store.run(loadDesign, { design: loaded });
    expect(store.getState()).toMatchObject({ design: loaded, past: [], future: [] });
  });
});

describe('editor store selection', () => {
  it('never touches the history and drops a block that undo removed', () => {
    const { store } = setup();
    const listener = { calls: 0 };
    store.subscribe(() => (listener.calls += 1));
    store.select('h1');
    expect(store.getState()).toMatchObject({ selectedId: 'h1', past: [] });
    store.run(insertBlock, {
      block: createBlock('divider', 'd') as Block,
      at: { targetId: 'h1', position: 'below' },
    });
    store.select('d');
    store.undo();
    expect(store.getState().selectedId).toBeNull();
    store.select('nope');
    expect(store.getState().selectedId).toBeNull();
    expect(listener.calls).toBe(4);
  });
});

describe('adding a block', () => {
  const brand = {
    logoUrl: null,
    primaryColor: '#2f6b4f',
    backgroundColor: null,
    textColor: null,
    fontFamily: null,
    signOff: null,
  };

  it('a new button wears the seller’s brand, selected, as one undo step', () => {
    const store = createEditorStore(designSchema.parse({ blocks: [] }));
    const actions = createActions(store);
    actions.insertNew('button', { list: { kind: 'root' }, position: 'end' }, brand);
    const [button] = store.getState().design.blocks;
    expect(button).toMatchObject({ type: 'button', buttonColor: '#2f6b4f', textColor: '#ffffff' });
    expect(store.getState().selectedId).toBe(button!.id);
    store.undo();
    expect(store.getState().design.blocks).toEqual([]);
  });

  it('without a brand it is the registry’s default button', () => {
    const store = createEditorStore(designSchema.parse({ blocks: [] }));
    createActions(store).insertNew('button', { list: { kind: 'root' }, position: 'end' }, null);
    expect(store.getState().design.blocks[0]).toMatchObject({ buttonColor: '#4f46e5' });
  });
});
