import { describe, expect, it } from 'vitest';
import { designSchema } from '../schema/design.ts';
import { sanitizeDesign } from './sanitize-design.ts';

describe('sanitizeDesign', () => {
  it('sanitises every rich-text field, including inside columns, and leaves the rest alone', () => {
    const design = designSchema.parse({
      blocks: [
        { id: 'h', type: 'heading', html: '<b onclick="x()">Hi</b><script>x</script>' },
        { id: 't', type: 'text', html: '<a href="javascript:x">go</a>' },
        { id: 'b', type: 'button', text: '<b>kept as text</b>' },
        {
          id: 'c',
          type: 'columns',
          columns: [
            {
              id: 'c1',
              widthPct: 100,
              items: [{ id: 'i', type: 'text', html: '<iframe>x</iframe><p>ok</p>' }],
            },
          ],
        },
      ],
    });
    const clean = sanitizeDesign(design);
    expect(clean.blocks[0]).toMatchObject({ html: '<b>Hi</b>' });
    expect(clean.blocks[1]).toMatchObject({
      html: '<a target="_blank" rel="noopener noreferrer">go</a>',
    });
    expect(clean.blocks[2]).toBe(design.blocks[2]);
    expect(clean.blocks[3]).toMatchObject({ columns: [{ items: [{ html: '<p>ok</p>' }] }] });
    expect(design.blocks[0]).toMatchObject({ html: '<b onclick="x()">Hi</b><script>x</script>' });
  });

  it('is idempotent', () => {
    const design = designSchema.parse({
      blocks: [{ id: 't', type: 'text', html: '<p style="color:red;x:y">a<br>b</p>' }],
    });
    const once = sanitizeDesign(design);
    expect(sanitizeDesign(once)).toEqual(once);
  });
});
