import { describe, expect, it } from 'vitest';
import { blockSchema } from '../registry.ts';
import { renderOneBlock, textOfOneBlock } from '../../testing/render-one-block.ts';
import { textBlock } from './text-block.ts';

describe('text block', () => {
  it('defaults to the spec placeholder at 16px', () => {
    expect(textBlock.createDefault('t')).toMatchObject({
      content: 'Your message goes here - say something nice!',
      html: '',
      fontSize: 16,
      align: 'left',
      fontWeight: 'normal',
    });
  });

  it('renders with line height 1.6 and wraps long words', () => {
    expect(
      renderOneBlock({ id: 't', type: 'text', content: 'Hi', fontSize: 18, align: 'center' }),
    ).toMatchInlineSnapshot(
      `"<tr><td align="center" style="padding:16px;text-align:center"><div style="font-size:18px;line-height:1.6;color:#111111;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-weight:normal;overflow-wrap:break-word;word-break:break-word">Hi</div></td></tr>"`,
    );
  });

  it('rejects font sizes outside 8-72 with the path of the field', () => {
    const result = blockSchema.safeParse({ id: 't', type: 'text', fontSize: 200 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['fontSize'],
      message: 'Number must be at most 72',
    });
  });

  it('derives plain text from rich html: paragraphs, breaks, lists, links and entities', () => {
    const html =
      '<p>Hi   there,\n  friend</p><p>Line one<br>Line two</p><ul><li>Mug</li><li>Towel</li></ul>' +
      '<p>Visit <a href="https://shop.test/?a=1&amp;b=2">our shop</a> or <a href="https://x.test">https://x.test</a> &amp; smile&nbsp;:)</p>';
    expect(textOfOneBlock({ id: 't', type: 'text', html })).toBe(
      'Hi there, friend\n\nLine one\nLine two\n\n- Mug\n- Towel\n\nVisit our shop (https://shop.test/?a=1&b=2) or https://x.test & smile\u00a0:)',
    );
  });
});
