import { describe, expect, test } from 'vitest';
import { designSchema } from '../../schema/design.ts';
import { unsizedImageSources, withImageSizes } from './image-sizes.ts';

const design = designSchema.parse({
  blocks: [
    { id: 'a', type: 'image', src: 'https://x.test/a.png' },
    { id: 'b', type: 'image', src: 'https://x.test/b.png', naturalWidth: 90, naturalHeight: 90 },
    { id: 'c', type: 'image', src: 'https://x.test/c.png', width: 200 },
    {
      id: 'cols',
      type: 'columns',
      columns: [
        {
          id: 'c1',
          widthPct: 50,
          items: [{ id: 'd', type: 'image', src: 'https://x.test/d.png' }],
        },
        { id: 'c2', widthPct: 50, items: [] },
      ],
    },
  ],
});

describe('sizing images the editor did not measure', () => {
  test('lists only "auto" images without a size, columns included', () => {
    expect(unsizedImageSources(design)).toEqual(['https://x.test/a.png', 'https://x.test/d.png']);
  });

  test('fills those the lookup knows and leaves the rest as they were', () => {
    const sized = withImageSizes(design, (src) =>
      src.endsWith('/d.png') || src.endsWith('/b.png') ? { width: 640, height: 480 } : undefined,
    );
    const [a, b, c, cols] = sized.blocks;
    expect(a).toMatchObject({ naturalWidth: null });
    expect(b).toMatchObject({ naturalWidth: 90, naturalHeight: 90 });
    expect(c).toMatchObject({ width: 200, naturalWidth: null });
    expect(cols!.type === 'columns' && cols!.columns[0]!.items[0]).toMatchObject({
      naturalWidth: 640,
      naturalHeight: 480,
    });
    expect(design.blocks[3]).not.toBe(cols);
  });
});
