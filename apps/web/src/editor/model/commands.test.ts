import { describe, expect, it } from 'vitest';
import {
  createBlock,
  createDefaultTemplate,
  designSchema,
  type Block,
  type Design,
} from '@thankly/email';
import {
  addColumn,
  deleteBlock,
  editText,
  insertBlock,
  moveBlock,
  moveBlockTo,
  removeColumn,
  resetBlockToDefault,
  resizeBlock,
  resizeColumn,
  updateBlock,
  updateGlobalStyle,
} from './commands.ts';
import { findBlock, walkBlocks } from './tree.ts';
import { snapWidth } from './snap.ts';

function block(type: Block['type'], id: string): Block {
  return createBlock(type, id) as Block;
}

/** a, b, c on the canvas, then a two-column block `cols` holding x and y in its first column. */
function sample(): Design {
  const cols = createBlock('columns', 'cols');
  cols.columns[0]!.items = [createBlock('text', 'x'), createBlock('button', 'y')];
  return designSchema.parse({
    blocks: [block('heading', 'a'), block('text', 'b'), block('divider', 'c'), cols],
  });
}

const ids = (design: Design) => [...walkBlocks(design)].map((b) => b.id);
const col = (design: Design, n: number) => {
  const found = findBlock(design, 'cols')!.block;
  if (found.type !== 'columns') throw new Error('not columns');
  return found.columns[n]!;
};

describe('insertBlock', () => {
  it('puts a new block above or below another', () => {
    const d1 = insertBlock.apply(sample(), {
      block: block('spacer', 'n1'),
      at: { targetId: 'b', position: 'above' },
    });
    expect(ids(d1).slice(0, 4)).toEqual(['a', 'n1', 'b', 'c']);
    const d2 = insertBlock.apply(sample(), {
      block: block('spacer', 'n2'),
      at: { targetId: 'b', position: 'below' },
    });
    expect(ids(d2).slice(0, 4)).toEqual(['a', 'b', 'n2', 'c']);
  });

  it('inserts inside a column, next to an item or into an empty column', () => {
    const d1 = insertBlock.apply(sample(), {
      block: block('image', 'n'),
      at: { targetId: 'y', position: 'above' },
    });
    expect(col(d1, 0).items.map((b) => b.id)).toEqual(['x', 'n', 'y']);
    const d2 = insertBlock.apply(sample(), {
      block: block('image', 'm'),
      at: {
        list: { kind: 'column', columnsId: 'cols', columnId: col(sample(), 1).id },
        position: 'end',
      },
    });
    expect(col(d2, 1).items.map((b) => b.id)).toEqual(['m']);
  });

  it('adds to an empty canvas at either end', () => {
    const empty = designSchema.parse({});
    const d = insertBlock.apply(empty, {
      block: block('text', 't'),
      at: { list: { kind: 'root' }, position: 'start' },
    });
    const d2 = insertBlock.apply(d, {
      block: block('text', 'u'),
      at: { list: { kind: 'root' }, position: 'end' },
    });
    expect(ids(d2)).toEqual(['t', 'u']);
  });

  it('never nests columns and never duplicates an id', () => {
    const design = sample();
    expect(
      insertBlock.apply(design, {
        block: block('columns', 'c2'),
        at: { targetId: 'x', position: 'below' },
      }),
    ).toBe(design);
    expect(
      insertBlock.apply(design, {
        block: block('text', 'a'),
        at: { targetId: 'b', position: 'below' },
      }),
    ).toBe(design);
    expect(
      insertBlock.apply(design, {
        block: block('text', 'z'),
        at: { targetId: 'nope', position: 'below' },
      }),
    ).toBe(design);
  });

  it('keeps the other blocks by identity', () => {
    const design = sample();
    const next = insertBlock.apply(design, {
      block: block('text', 'n'),
      at: { targetId: 'a', position: 'below' },
    });
    expect(next.blocks[0]).toBe(design.blocks[0]);
    expect(next.blocks[4]).toBe(design.blocks[3]);
  });
});

describe('moveBlock', () => {
  it('swaps with its neighbour on the canvas', () => {
    expect(ids(moveBlock.apply(sample(), { id: 'b', direction: 'up' })).slice(0, 3)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(ids(moveBlock.apply(sample(), { id: 'b', direction: 'down' })).slice(0, 3)).toEqual([
      'a',
      'c',
      'b',
    ]);
  });

  it('swaps within its column and stops at the ends', () => {
    const design = sample();
    expect(
      col(moveBlock.apply(design, { id: 'y', direction: 'up' }), 0).items.map((b) => b.id),
    ).toEqual(['y', 'x']);
    expect(moveBlock.apply(design, { id: 'x', direction: 'up' })).toBe(design);
    expect(moveBlock.apply(design, { id: 'y', direction: 'down' })).toBe(design);
    expect(moveBlock.apply(design, { id: 'a', direction: 'up' })).toBe(design);
    expect(moveBlock.apply(design, { id: 'cols', direction: 'down' })).toBe(design);
  });
});

describe('moveBlockTo (drag and drop)', () => {
  it('moves a block between lists', () => {
    const d = moveBlockTo.apply(sample(), { id: 'a', at: { targetId: 'x', position: 'below' } });
    expect(d.blocks.map((b) => b.id)).toEqual(['b', 'c', 'cols']);
    expect(col(d, 0).items.map((b) => b.id)).toEqual(['x', 'a', 'y']);
    const d2 = moveBlockTo.apply(sample(), { id: 'y', at: { targetId: 'a', position: 'above' } });
    expect(d2.blocks.map((b) => b.id)).toEqual(['y', 'a', 'b', 'c', 'cols']);
  });

  it('refuses to put a columns block into a column or a block onto itself', () => {
    const design = sample();
    expect(
      moveBlockTo.apply(design, { id: 'cols', at: { targetId: 'x', position: 'above' } }),
    ).toBe(design);
    expect(moveBlockTo.apply(design, { id: 'a', at: { targetId: 'a', position: 'above' } })).toBe(
      design,
    );
  });
});

describe('deleteBlock', () => {
  it('removes a block from the canvas or a column', () => {
    expect(ids(deleteBlock.apply(sample(), { id: 'b' }))).not.toContain('b');
    expect(col(deleteBlock.apply(sample(), { id: 'x' }), 0).items.map((b) => b.id)).toEqual(['y']);
    const design = sample();
    expect(deleteBlock.apply(design, { id: 'missing' })).toBe(design);
  });
});

describe('updateBlock and resetBlockToDefault', () => {
  it('patches fields and leaves id and type alone', () => {
    const d = updateBlock.apply(sample(), {
      id: 'x',
      patch: { content: 'Hello', id: 'evil', type: 'image' } as never,
    });
    const x = findBlock(d, 'x')!.block;
    expect(x).toMatchObject({ id: 'x', type: 'text', content: 'Hello' });
    const same = sample();
    expect(updateBlock.apply(same, { id: 'a', patch: { align: 'left' } })).toBe(same);
  });

  it('resets to a fresh default of its type keeping its id', () => {
    const changed = updateBlock.apply(sample(), {
      id: 'y',
      patch: { text: 'Shop now', buttonColor: '#000000' },
    });
    const reset = resetBlockToDefault.apply(changed, { id: 'y' });
    expect(findBlock(reset, 'y')!.block).toEqual(createBlock('button', 'y'));
  });
});

describe('the brand kit and what the seller sets by hand', () => {
  const GREEN = '#2f6b4f';
  const brand = {
    logoUrl: null,
    primaryColor: GREEN,
    backgroundColor: null,
    textColor: null,
    fontFamily: null,
    signOff: null,
  };

  it('a colour or font the seller sets becomes theirs; other fields do not', () => {
    const d = updateBlock.apply(sample(), {
      id: 'y',
      patch: { buttonColor: '#b91c1c', text: 'Shop now', size: 'lg' },
    });
    expect(findBlock(d, 'y')!.block).toMatchObject({
      buttonColor: '#b91c1c',
      ownStyle: ['buttonColor'],
    });
    const words = updateBlock.apply(sample(), { id: 'b', patch: { align: 'center' } });
    expect(findBlock(words, 'b')!.block.ownStyle).toBeUndefined();
    // A patch that changes nothing marks nothing.
    const same = sample();
    const current = (findBlock(same, 'y')!.block as { buttonColor: string }).buttonColor;
    expect(updateBlock.apply(same, { id: 'y', patch: { buttonColor: current } })).toBe(same);
  });

  it('a design setting the seller sets becomes theirs', () => {
    const d = updateGlobalStyle.apply(sample(), {
      patch: { textColor: '#222222', canvasRadius: 8 },
    });
    expect(d.global.ownStyle).toEqual(['textColor']);
  });

  it('words typed into the sign-off become theirs; other words follow nothing', () => {
    const design = designSchema.parse({
      blocks: [block('text', 'sign-off'), block('text', 'body')],
    });
    const args = { html: '<p>Love, Anna</p>', content: 'Love, Anna', burst: 'typing' };
    const signed = editText.apply(design, { id: 'sign-off', ...args });
    expect(findBlock(signed, 'sign-off')!.block.ownStyle).toEqual(['html']);
    const body = editText.apply(design, { id: 'body', ...args });
    expect(findBlock(body, 'body')!.block.ownStyle).toBeUndefined();
  });

  it('"Reset to default" gives back the brand’s button, and the seller’s colour goes', () => {
    const changed = updateBlock.apply(sample(), { id: 'y', patch: { buttonColor: '#000000' } });
    const reset = resetBlockToDefault.apply(changed, { id: 'y', brand });
    const button = findBlock(reset, 'y')!.block;
    expect(button).toMatchObject({ buttonColor: GREEN, textColor: '#ffffff' });
    expect(button.ownStyle).toBeUndefined();
  });
});

describe('editText', () => {
  it('sets html and plain content together on text and heading blocks only', () => {
    const args = { html: '<p><strong>Hi</strong></p>', content: 'Hi', burst: 'typing' };
    const d = editText.apply(sample(), { id: 'x', ...args });
    expect(findBlock(d, 'x')!.block).toMatchObject({ html: args.html, content: 'Hi' });
    const h = editText.apply(d, {
      id: 'a',
      html: 'Big <em>thanks</em>',
      content: 'Big thanks',
      burst: 'typing',
    });
    expect(findBlock(h, 'a')!.block).toMatchObject({ html: 'Big <em>thanks</em>' });
    expect(editText.apply(h, { id: 'y', ...args })).toBe(h);
    expect(editText.apply(h, { id: 'x', ...args })).toBe(h);
  });

  it('coalesces per block and kind of edit', () => {
    const key = (burst: string) => editText.coalesceKey!({ id: 'x', html: '', content: '', burst });
    expect(key('typing')).toBe(key('typing'));
    expect(key('typing')).not.toBe(key('format'));
  });
});

describe('resizeBlock', () => {
  it('clamps the width to 5-100', () => {
    const w = (value: number) =>
      findBlock(resizeBlock.apply(sample(), { id: 'a', widthPct: value }), 'a')!.block.widthPct;
    expect(w(2)).toBe(5);
    expect(w(140)).toBe(100);
    expect(w(41.4)).toBe(41);
  });

  it('snaps to 25/33/50/66/75/100 within 2 percent', () => {
    const w = (value: number, snap = true) =>
      findBlock(resizeBlock.apply(sample(), { id: 'b', widthPct: value, snap }), 'b')!.block
        .widthPct;
    expect(w(48)).toBe(50);
    expect(w(52)).toBe(50);
    expect(w(53)).toBe(53);
    expect(w(35)).toBe(33);
    expect(w(64)).toBe(66);
    expect(w(98)).toBe(100);
    expect(w(77)).toBe(75);
    expect(w(48, false)).toBe(48);
  });

  it('snaps to the nearest mark', () => {
    expect(snapWidth(24)).toBe(25);
    expect(snapWidth(31)).toBe(33);
    expect(snapWidth(22)).toBe(22);
  });
});

describe('columns', () => {
  it('adds columns with equal widths, remainder to the first, at most four', () => {
    let d = addColumn.apply(sample(), { blockId: 'cols', columnId: 'c3' });
    expect(findBlock(d, 'cols')!.block).toMatchObject({
      columns: [{ widthPct: 34 }, { widthPct: 33 }, { widthPct: 33, id: 'c3', items: [] }],
    });
    d = addColumn.apply(d, { blockId: 'cols', columnId: 'c4' });
    expect(col(d, 0).widthPct + col(d, 1).widthPct + col(d, 2).widthPct + col(d, 3).widthPct).toBe(
      100,
    );
    expect(col(d, 3).widthPct).toBe(25);
    expect(addColumn.apply(d, { blockId: 'cols', columnId: 'c5' })).toBe(d);
  });

  it('removes columns down to one and redistributes', () => {
    let d = addColumn.apply(sample(), { blockId: 'cols', columnId: 'c3' });
    d = removeColumn.apply(d, { blockId: 'cols', columnId: 'c3' });
    expect([col(d, 0).widthPct, col(d, 1).widthPct]).toEqual([50, 50]);
    d = removeColumn.apply(d, { blockId: 'cols', columnId: col(d, 0).id });
    expect(findBlock(d, 'cols')!.block).toMatchObject({ columns: [{ widthPct: 100 }] });
    expect(findBlock(d, 'x')).toBeNull();
    expect(removeColumn.apply(d, { blockId: 'cols', columnId: col(d, 0).id })).toBe(d);
  });

  it('resizes a column keeping each at least 5 and the total at 100', () => {
    let d = addColumn.apply(sample(), { blockId: 'cols', columnId: 'c3' });
    d = resizeColumn.apply(d, { blockId: 'cols', index: 0, widthPct: 98 });
    const widths = [0, 1, 2].map((i) => col(d, i).widthPct);
    expect(widths).toEqual([90, 5, 5]);
    d = resizeColumn.apply(d, { blockId: 'cols', index: 2, widthPct: 1 });
    expect(col(d, 2).widthPct).toBe(5);
    const d2 = resizeColumn.apply(sample(), { blockId: 'cols', index: 0, widthPct: 60 });
    expect([col(d2, 0).widthPct, col(d2, 1).widthPct]).toEqual([60, 40]);
  });

  it('results still pass the design schema', () => {
    let d = addColumn.apply(sample(), { blockId: 'cols', columnId: 'c3' });
    d = resizeColumn.apply(d, { blockId: 'cols', index: 1, widthPct: 12 });
    expect(designSchema.safeParse(d).success).toBe(true);
  });
});

describe('updateGlobalStyle', () => {
  it('clamps the canvas margin to 0-160 and ignores no-ops', () => {
    const design = sample();
    expect(
      updateGlobalStyle.apply(design, { patch: { canvasYMargin: 400 } }).global.canvasYMargin,
    ).toBe(160);
    expect(
      updateGlobalStyle.apply(design, { patch: { canvasYMargin: -3 } }).global.canvasYMargin,
    ).toBe(0);
    expect(
      updateGlobalStyle.apply(design, { patch: { canvasColor: design.global.canvasColor } }),
    ).toBe(design);
    expect(
      updateGlobalStyle.apply(design, { patch: { textColor: '#222222' } }).global.textColor,
    ).toBe('#222222');
  });
});

describe('the default template', () => {
  it('can be edited by every command and stays valid', () => {
    let d = createDefaultTemplate().design;
    const first = d.blocks[0]!.id;
    d = insertBlock.apply(d, {
      block: block('columns', 'k'),
      at: { targetId: first, position: 'below' },
    });
    d = moveBlock.apply(d, { id: 'k', direction: 'down' });
    d = resizeBlock.apply(d, { id: first, widthPct: 66 });
    expect(designSchema.safeParse(d).success).toBe(true);
  });
});
