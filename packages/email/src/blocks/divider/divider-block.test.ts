import { describe, expect, it } from 'vitest';
import { blockSchema } from '../registry.ts';
import { renderOneBlock, textOfOneBlock } from '../../testing/render-one-block.ts';
import { dividerBlock } from './divider-block.ts';

describe('divider block', () => {
  it('defaults to a 1px light grey line', () => {
    expect(dividerBlock.createDefault('d')).toMatchObject({ color: '#e5e7eb', height: 1 });
  });

  it('draws the line as a bordered cell (Outlook gives <hr> its own margins)', () => {
    expect(
      renderOneBlock({ id: 'd', type: 'divider', color: '#123456', height: 3 }),
    ).toMatchInlineSnapshot(
      `"<tr><td align="left" style="padding:16px;text-align:left"><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%"><tr><td style="border-top:3px solid #123456;font-size:0;line-height:0;mso-line-height-rule:exactly">&#8202;</td></tr></table></td></tr>"`,
    );
  });

  it('rejects a zero or huge height', () => {
    expect(blockSchema.safeParse({ id: 'd', type: 'divider', height: 0 }).success).toBe(false);
    expect(blockSchema.safeParse({ id: 'd', type: 'divider', height: 100 }).success).toBe(false);
  });

  it('shows as a rule in plain text', () => {
    expect(textOfOneBlock({ id: 'd', type: 'divider' })).toBe('----------');
  });
});
