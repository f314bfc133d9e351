import { describe, expect, it } from 'vitest';
import { renderOneBlock, textOfOneBlock } from '../../testing/render-one-block.ts';
import { headingBlock, HEADING_FONT_SIZES } from './heading-block.ts';

describe('heading block', () => {
  it('defaults to the spec text as a bold h2 with padding 16', () => {
    const block = headingBlock.createDefault('h');
    expect(block).toMatchObject({
      id: 'h',
      type: 'heading',
      content: 'A great big thank you',
      html: '',
      level: 'h2',
      fontWeight: 'bold',
      widthPct: 100,
      fontFamily: 'inherit',
      padding: { top: 16, right: 16, bottom: 16, left: 16 },
    });
  });

  it('uses the spec sizes 32/26/20 px for h1/h2/h3', () => {
    expect(HEADING_FONT_SIZES).toEqual({ h1: 32, h2: 26, h3: 20 });
    for (const level of ['h1', 'h2', 'h3'] as const) {
      const html = renderOneBlock({ id: 'h', type: 'heading', level });
      expect(html).toContain(`<${level} style="margin:0;font-size:${HEADING_FONT_SIZES[level]}px;`);
    }
  });

  it('renders with the global text colour and font unless the block sets its own', () => {
    expect(
      renderOneBlock({ id: 'h', type: 'heading', level: 'h1', content: 'Thanks!' }),
    ).toMatchInlineSnapshot(
      `"<tr><td align="left" style="padding:16px;text-align:left"><h1 style="margin:0;font-size:32px;line-height:1.25;color:#111111;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-weight:bold">Thanks!</h1></td></tr>"`,
    );
    const own = renderOneBlock({
      id: 'h',
      type: 'heading',
      color: '#ff0000',
      fontFamily: 'Georgia, serif',
    });
    expect(own).toContain('color:#ff0000;font-family:Georgia, serif;');
  });

  it('escapes plain content and prefers the (already sanitised) rich html when present', () => {
    expect(renderOneBlock({ id: 'h', type: 'heading', content: '<b>Tom & Jerry</b>' })).toContain(
      '&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;',
    );
    expect(
      renderOneBlock({ id: 'h', type: 'heading', content: 'x', html: '<em>Rich</em>' }),
    ).toContain('><em>Rich</em></h2>');
  });

  it('contributes its text to the plain-text part', () => {
    expect(
      textOfOneBlock({ id: 'h', type: 'heading', content: 'Hello [customer-first-name]' }),
    ).toBe('Hello [customer-first-name]');
    expect(textOfOneBlock({ id: 'h', type: 'heading', html: '<b>Big</b> thanks' })).toBe(
      'Big thanks',
    );
  });
});
