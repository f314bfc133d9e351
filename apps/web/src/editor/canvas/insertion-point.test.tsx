import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunctionComponent } from 'react';
import { blockTypes, createBlock, designSchema, type BlockOfType } from '@thankly/email';
import { dividerEditor } from '../blocks/divider/divider-editor.tsx';
import type { CanvasViewProps } from '../blocks/editor-block.ts';
import { editText, moveBlock } from '../model/commands.ts';
import { createEditorStore, type EditorStore } from '../store/editor-store.ts';
import { EditorStoreContext } from '../store/use-editor.ts';
import { EditorCanvas } from './canvas.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderCanvas() {
  const columns = { ...createBlock('columns'), id: 'cols' };
  const store: EditorStore = createEditorStore(
    designSchema.parse({
      blocks: [
        { ...createBlock('heading'), id: 'h' },
        { ...createBlock('text'), id: 't' },
        { ...createBlock('divider'), id: 'd' },
        columns,
      ],
    }),
  );
  render(
    <EditorStoreContext value={store}>
      <EditorCanvas />
    </EditorStoreContext>,
  );
  return { store, user: userEvent.setup() };
}

const types = (store: EditorStore) => store.getState().design.blocks.map((b) => b.type);
const point = (name: string) => screen.getByRole('button', { name });

describe('insertion points between blocks', () => {
  it('are one before the first block, one between every two and one after the last', () => {
    renderCanvas();
    const canvas = screen.getByTestId('editor-canvas');
    const names = within(canvas)
      .getAllByRole('button', { name: /^Add a block (before|after) / })
      .map((button) => button.getAttribute('aria-label'));
    // The empty columns have their own buttons (Add block to column 1), not insertion points.
    expect(names).toEqual([
      'Add a block before Heading block 1',
      'Add a block after Heading block 1',
      'Add a block after Text block 2',
      'Add a block after Divider block 3',
      'Add a block after Columns block 4',
    ]);
  });

  it('inserts the chosen block exactly at its point and selects it', async () => {
    const { store, user } = renderCanvas();
    await user.click(point('Add a block after Heading block 1'));
    await user.click(screen.getByRole('menuitem', { name: 'Button' }));
    expect(types(store)).toEqual(['heading', 'button', 'text', 'divider', 'columns']);
    const inserted = store.getState().design.blocks[1]!;
    expect(store.getState().selectedId).toBe(inserted.id);

    await user.click(point('Add a block after Divider block 4'));
    await user.click(screen.getByRole('menuitem', { name: 'Spacer' }));
    expect(types(store)).toEqual(['heading', 'button', 'text', 'divider', 'spacer', 'columns']);

    await user.click(point('Add a block after Columns block 6'));
    await user.click(screen.getByRole('menuitem', { name: 'Text' }));
    expect(types(store).at(-1)).toBe('text');
  });

  it('opens its picker from the keyboard, Enter or Space, and inserts before the first block', async () => {
    const { store, user } = renderCanvas();
    point('Add a block before Heading block 1').focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Block types' });
    await user.keyboard('{End}{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menu.isConnected).toBe(false);
    expect(types(store)).toEqual(['columns', 'heading', 'text', 'divider', 'columns']);

    point('Add a block after Text block 3').focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(types(store)).toEqual(['columns', 'heading', 'text', 'text', 'divider', 'columns']);
    // Undo takes back exactly the one insertion.
    store.undo();
    expect(types(store)).toEqual(['columns', 'heading', 'text', 'divider', 'columns']);
  });

  it('inside a column, offers every block type but columns and inserts in that column', async () => {
    const { store, user } = renderCanvas();
    await user.click(screen.getByRole('button', { name: 'Add block to column 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Divider' }));
    // The column's list now has its own points around its one block.
    await user.click(point('Add a block before Divider block 1'));
    const items = within(screen.getByRole('menu', { name: 'Block types' }))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).not.toContain('Columns');
    await user.click(screen.getByRole('menuitem', { name: 'Heading' }));
    const cols = store.getState().design.blocks.find((b) => b.id === 'cols');
    expect(cols && 'columns' in cols ? cols.columns[0]!.items.map((b) => b.type) : []).toEqual([
      'heading',
      'divider',
    ]);
  });

  it('are not rendered again by an edit that leaves them as they were, nor are the other blocks', () => {
    const { store } = renderCanvas();
    // Render counters without mocking a module (the web tests share one module graph): every
    // block picker works out its menu's types on each render, and the divider's canvas view is
    // looked up in the registry object on each of its frame's renders.
    const pickerRenders = vi.spyOn(blockTypes, 'filter');
    // (Its Canvas is a function component; the registry's type also admits classes.)
    const divider = dividerEditor as {
      Canvas: FunctionComponent<CanvasViewProps<BlockOfType<'divider'>>>;
    };
    const dividerRenders = vi.spyOn(divider, 'Canvas');

    act(() =>
      store.run(editText, { id: 't', html: '<p>Thanks!</p>', content: 'Thanks!', burst: 'typing' }),
    );
    expect(store.getState().design.blocks[1]).toMatchObject({ content: 'Thanks!' });
    expect(pickerRenders).not.toHaveBeenCalled();
    expect(dividerRenders).not.toHaveBeenCalled();

    // The counters do count: moving the divider up renames the points around it and redraws it.
    act(() => store.run(moveBlock, { id: 'd', direction: 'up' }));
    expect(point('Add a block after Divider block 2')).toBeDefined();
    expect(pickerRenders).toHaveBeenCalled();
    expect(dividerRenders).toHaveBeenCalled();
  });
});
