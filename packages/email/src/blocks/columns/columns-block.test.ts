import { describe, expect, it } from 'vitest';
import { formatZodError } from '../../schema/format-zod-error.ts';
import { blockSchema } from '../registry.ts';
import {
  formatHtmlForSnapshot,
  renderOneBlock,
  textOfOneBlock,
} from '../../testing/render-one-block.ts';
import { columnsBlock } from './columns-block.ts';

const twoColumns = {
  id: 'cols',
  type: 'columns' as const,
  columns: [
    { id: 'left', widthPct: 60, items: [{ id: 'a', type: 'text' as const, content: 'Left' }] },
    { id: 'right', widthPct: 40, items: [{ id: 'b', type: 'button' as const, text: 'Go' }] },
  ],
};

describe('columns block', () => {
  it('defaults to two empty 50% columns with ids derived from the block and a 12px gutter', () => {
    expect(columnsBlock.createDefault('c')).toMatchObject({
      gutter: 12,
      columns: [
        { id: 'c-col1', widthPct: 50, items: [] },
        { id: 'c-col2', widthPct: 50, items: [] },
      ],
    });
  });

  it('sits side by side as inline-blocks that switch to stacked below a 460px row without media queries, with an Outlook ghost table', () => {
    const html = renderOneBlock(twoColumns);
    // 600px canvas minus 2 x 16px padding = 568px; 60% and 40% of it, floored.
    expect(html).toContain('<td width="340" valign="top" style="width:340px">');
    expect(html).toContain('<td width="227" valign="top" style="width:227px">');
    // A 480px screen less its two 10px side gutters is a 460px row.
    expect(html).toContain(
      'class="t-col t-w60" style="display:inline-block;vertical-align:top;width:100%;min-width:60%;max-width:100%;width:calc((460px - 100%) * 460)"',
    );
    expect(html).toContain(
      'class="t-col t-w40" style="display:inline-block;vertical-align:top;width:100%;min-width:40%;max-width:100%;width:calc((460px - 100%) * 460)"',
    );
    expect(html).toContain(
      '<!--[if mso]><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="567"><tr>',
    );
    expect(html).toContain('<td style="padding:0 6px">');
  });

  it('renders its items through the registry', () => {
    expect(formatHtmlForSnapshot(renderOneBlock(twoColumns))).toMatchInlineSnapshot(`
      "<tr>
      <td align="left" style="padding:16px;text-align:left">
      <div style="text-align:left">
      <!--[if mso]>
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="567">
      <tr>
      <td width="340" valign="top" style="width:340px">
      <![endif]-->
      <div class="t-col t-w60" style="display:inline-block;vertical-align:top;width:100%;min-width:60%;max-width:100%;width:calc((460px - 100%) * 460)">
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%">
      <tr>
      <td style="padding:0 6px">
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%">
      <tr>
      <td align="left" style="padding:16px;text-align:left">
      <div style="font-size:16px;line-height:1.6;color:#111111;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-weight:normal;overflow-wrap:break-word;word-break:break-word">Left</div>
      </td>
      </tr>
      </table>
      </td>
      </tr>
      </table>
      </div>
      <!--[if mso]>
      </td>
      <td width="227" valign="top" style="width:227px">
      <![endif]-->
      <div class="t-col t-w40" style="display:inline-block;vertical-align:top;width:100%;min-width:40%;max-width:100%;width:calc((460px - 100%) * 460)">
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%">
      <tr>
      <td style="padding:0 6px">
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%">
      <tr>
      <td align="center" style="padding:16px;text-align:center">
      <!--[if mso]>
      <v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="[shop-url]" style="height:44px;v-text-anchor:middle;width:64px" arcsize="27%" stroke="f" fillcolor="#4f46e5">
      <w:anchorlock/>
      <center style="color:#ffffff;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-size:16px;font-weight:bold">Go</center>
      </v:roundrect>
      <![endif]-->
      <!--[if !mso]>
      <!-->
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 auto">
      <tr>
      <td align="center" bgcolor="#4f46e5" style="background-color:#4f46e5;border-radius:12px;mso-padding-alt:12px 22px">
      <a href="[shop-url]" target="_blank" rel="noopener noreferrer" style="display:inline-block;padding:12px 22px;font-size:16px;line-height:1.25;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:12px;text-align:center;word-break:break-word;mso-padding-alt:0">Go</a>
      </td>
      </tr>
      </table>
      <!--<![endif]-->
      </td>
      </tr>
      </table>
      </td>
      </tr>
      </table>
      </div>
      <!--[if mso]>
      </td>
      </tr>
      </table>
      <![endif]-->
      </div>
      </td>
      </tr>"
    `);
  });

  it('accepts 1-4 columns only, each at least 5%, totalling 100', () => {
    const withWidths = (...widths: number[]) =>
      blockSchema.safeParse({
        id: 'c',
        type: 'columns',
        columns: widths.map((widthPct, i) => ({ id: `c${i}`, widthPct })),
      });
    expect(withWidths(100).success).toBe(true);
    expect(withWidths(25, 25, 25, 25).success).toBe(true);
    expect(withWidths(33.33, 33.33, 33.34).success).toBe(true);
    const none = withWidths();
    expect(none.error && formatZodError(none.error)).toBe(
      'columns: At least 1 column; columns: Column widths must total 100 (they total 0)',
    );
    expect(withWidths(20, 20, 20, 20, 20).error?.issues[0]?.message).toBe('At most 4 columns');
    expect(withWidths(97, 3).error?.issues[0]).toMatchObject({
      path: ['columns', 1, 'widthPct'],
      message: 'Number must be at least 5',
    });
    expect(withWidths(50, 40).error?.issues[0]?.message).toBe(
      'Column widths must total 100 (they total 90)',
    );
  });

  it('does not allow columns inside columns', () => {
    const nested = blockSchema.safeParse({
      id: 'c',
      type: 'columns',
      columns: [{ id: 'x', widthPct: 100, items: [{ id: 'inner', type: 'columns' }] }],
    });
    expect(nested.error && formatZodError(nested.error)).toBe(
      'columns.0.items.0.type: Unknown block type "columns"',
    );
  });

  it('lists item text column by column in plain text', () => {
    expect(textOfOneBlock(twoColumns)).toBe('Left\n\nGo: [shop-url]');
  });
});
