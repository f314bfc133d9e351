import { describe, expect, it } from 'vitest';
import { renderOneBlock, textOfOneBlock } from '../../testing/render-one-block.ts';
import { spacerBlock } from './spacer-block.ts';

describe('spacer block', () => {
  it('defaults to 24px high with no padding', () => {
    expect(spacerBlock.createDefault('s')).toMatchObject({
      height: 24,
      padding: { top: 0, right: 0, bottom: 0, left: 0 },
    });
  });

  it('pins font size and line height so Outlook keeps the exact height', () => {
    expect(renderOneBlock({ id: 's', type: 'spacer', height: 40 })).toMatchInlineSnapshot(
      `"<tr><td align="left" style="padding:0px;text-align:left"><div style="height:40px;line-height:40px;font-size:1px;mso-line-height-rule:exactly">&#8202;</div></td></tr>"`,
    );
  });

  it('renders nothing at height 0 and never appears in plain text', () => {
    expect(renderOneBlock({ id: 's', type: 'spacer', height: 0 })).toBe('');
    expect(textOfOneBlock({ id: 's', type: 'spacer' })).toBe('');
  });
});
