import { describe, expect, it } from 'vitest';
import { renderEmailForOrder } from '../../tokens/render-email-for-order.ts';
import { sanitizeDesign } from '../../sanitize/sanitize-design.ts';
import { designSchema } from '../../schema/design.ts';
import { renderOneBlock, textOfOneBlock } from '../../testing/render-one-block.ts';
import { blockSchema, blockTypes } from '../registry.ts';
import { htmlBlock } from './html-block.ts';

const HOSTILE =
  '<p onclick="alert(1)">Hi <b>there</b></p><script>alert(2)</script>' +
  '<img src="https://x.example/a.png" onerror="alert(3)" alt="a">' +
  '<a href="javascript:alert(4)">x</a><iframe src="https://evil.example"></iframe>' +
  '<table><tr><td style="width:expression(alert(5))">cell</td></tr></table>' +
  '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg">';

describe('locked HTML block', () => {
  it('is not offered in the block picker: only the importer makes one', () => {
    expect(blockTypes).not.toContain('html');
    expect(htmlBlock.createDefault('h')).toMatchObject({ type: 'html', html: '' });
  });

  it('is sanitised on save exactly like rich text: no script, handler, frame or unsafe address', () => {
    const design = designSchema.parse({ blocks: [{ id: 'h', type: 'html', html: HOSTILE }] });
    const [block] = sanitizeDesign(design).blocks;
    expect(block).toMatchObject({ type: 'html' });
    const html = (block as { html: string }).html;
    expect(html).toBe(
      '<p>Hi <b>there</b></p><img src="https://x.example/a.png" alt="a" />' +
        '<a target="_blank" rel="noopener noreferrer">x</a>cell<img alt="svg" />',
    );
  });

  it('is sanitised inside a column too', () => {
    const design = designSchema.parse({
      blocks: [
        {
          id: 'c',
          type: 'columns',
          columns: [
            { id: 'c1', widthPct: 50, items: [{ id: 'h', type: 'html', html: HOSTILE }] },
            { id: 'c2', widthPct: 50, items: [] },
          ],
        },
      ],
    });
    const json = JSON.stringify(sanitizeDesign(design));
    expect(json).not.toMatch(/script|onerror|onclick|javascript|iframe|expression/);
  });

  it('renders its fragment in the block box, links in the text colour', () => {
    expect(
      renderOneBlock({
        id: 'h',
        type: 'html',
        html: '<p>Small print <a href="https://a.example">here</a></p>',
      }),
    ).toMatchInlineSnapshot(
      `"<tr><td align="left" style="padding:16px;text-align:left"><div style="font-size:14px;line-height:1.6;color:#111111;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-weight:normal;overflow-wrap:break-word;word-break:break-word"><p style="margin:0">Small print <a href="https://a.example" style="color:#111111;text-decoration:underline">here</a></p></div></td></tr>"`,
    );
  });

  it('renders nothing when empty, and its words in the text part', () => {
    expect(renderOneBlock({ id: 'h', type: 'html', html: '' })).toBe('');
    expect(textOfOneBlock({ id: 'h', type: 'html', html: '<p>One</p><p>Two</p>' })).toBe(
      'One\n\nTwo',
    );
  });

  it('fills tokens in the buyer email, escaped', () => {
    const design = designSchema.parse({
      blocks: [{ id: 'h', type: 'html', html: '<p>Hi [customer-first-name]</p>' }],
    });
    const { html } = renderEmailForOrder(design, 'Thanks', { 'customer-first-name': '<Ann>' });
    expect(html).toContain('Hi &lt;Ann&gt;');
  });

  it('refuses html longer than a rich-text field', () => {
    const result = blockSchema.safeParse({ id: 'h', type: 'html', html: 'x'.repeat(20_001) });
    expect(result.success).toBe(false);
  });
});
