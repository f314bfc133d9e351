// The width handles from the keyboard (issue 14): a slider whose keys move in 5% steps that stop on
// every snap mark, jump mark to mark with Page Up/Down, and reach the ends with Home/End.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createBlock, designSchema, type Block } from '@thankly/email';
import { widthForKey } from '../model/snap.ts';
import { createEditorStore, type EditorStore } from '../store/editor-store.ts';
import { EditorStoreContext, useEditor } from '../store/use-editor.ts';
import { columnsEditor } from '../blocks/columns/columns-editor.tsx';
import { WidthHandle } from './width-handle.tsx';

afterEach(cleanup);

function LiveHandle({ id }: { id: string }) {
  const block = useEditor((s) => s.design.blocks.find((b) => b.id === id));
  return block ? <WidthHandle block={block} label="Width of Text block 1" /> : null;
}

function renderHandle(widthPct: number) {
  const block: Block = { ...createBlock('text', 't1'), widthPct };
  const store: EditorStore = createEditorStore(designSchema.parse({ blocks: [block] }));
  render(
    <EditorStoreContext value={store}>
      <div data-block-row>
        <LiveHandle id="t1" />
      </div>
    </EditorStoreContext>,
  );
  const slider = screen.getByRole('slider', { name: 'Width of Text block 1' });
  const width = () => store.getState().design.blocks[0]!.widthPct;
  const press = (key: string) => fireEvent.keyDown(slider, { key });
  return { slider, width, press, store };
}

describe('widthForKey', () => {
  const range = { min: 5, max: 100 };
  it('steps by 5% but stops on each snap mark on the way', () => {
    expect(widthForKey('ArrowRight', 50, range)).toBe(55);
    expect(widthForKey('ArrowRight', 62, range)).toBe(66);
    expect(widthForKey('ArrowLeft', 35, range)).toBe(33);
    expect(widthForKey('ArrowDown', 100, range)).toBe(95);
    expect(widthForKey('ArrowUp', 98, range)).toBe(100);
  });
  it('jumps between marks with Page Up/Down and to the ends with Home/End, within the range', () => {
    expect(widthForKey('PageUp', 50, range)).toBe(66);
    expect(widthForKey('PageDown', 50, range)).toBe(33);
    expect(widthForKey('PageDown', 25, range)).toBe(5);
    expect(widthForKey('Home', 50, range)).toBe(5);
    expect(widthForKey('End', 50, { min: 5, max: 90 })).toBe(90);
    expect(widthForKey('ArrowRight', 88, { min: 5, max: 90 })).toBe(90);
    expect(widthForKey('ArrowLeft', 5, range)).toBe(5);
    expect(widthForKey('a', 50, range)).toBeNull();
  });
});

describe('block width handle', () => {
  it('is a focusable slider that the keys move, announcing the new value', () => {
    const { slider, width, press } = renderHandle(100);
    expect(slider.tabIndex).toBe(0);
    expect(slider.getAttribute('aria-valuemin')).toBe('5');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    press('ArrowLeft');
    expect(width()).toBe(95);
    expect(slider.getAttribute('aria-valuenow')).toBe('95');
    expect(slider.getAttribute('aria-valuetext')).toBe('95%');
    press('PageDown');
    expect(width()).toBe(75);
    press('PageDown');
    press('ArrowLeft');
    expect(width()).toBe(61);
    press('ArrowRight');
    expect(width()).toBe(66);
    press('Home');
    expect(width()).toBe(5);
    press('End');
    expect(width()).toBe(100);
  });

  it('lands exactly on a 5% step next to a mark instead of snapping back to the mark', () => {
    const { width, press } = renderHandle(33);
    press('ArrowRight');
    expect(width()).toBe(38);
  });
});

describe('column width handle', () => {
  it('moves the column edge by the same keys, the neighbour keeping its minimum', () => {
    const columns = { ...createBlock('columns', 'cols') };
    const store = createEditorStore(designSchema.parse({ blocks: [columns] }));
    const Canvas = columnsEditor.Canvas;
    function Live() {
      const block = useEditor((s) => s.design.blocks[0]);
      return block?.type === 'columns' ? (
        <Canvas block={block} global={store.getState().design.global} />
      ) : null;
    }
    render(
      <EditorStoreContext value={store}>
        <Live />
      </EditorStoreContext>,
    );
    const slider = screen.getByRole('slider', { name: 'Width of column 1' });
    const widths = () => {
      const block = store.getState().design.blocks[0];
      return block?.type === 'columns' ? block.columns.map((c) => c.widthPct) : [];
    };
    expect(widths()).toEqual([50, 50]);
    expect(slider.getAttribute('aria-valuemax')).toBe('95');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(widths()).toEqual([55, 45]);
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(widths()).toEqual([66, 34]);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(widths()).toEqual([95, 5]);
    expect(slider.getAttribute('aria-valuenow')).toBe('95');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(widths()).toEqual([5, 95]);
  });
});
