import { z } from 'zod';
import { commonBlockFields } from '../../schema/block-common.ts';
import { numberInRange } from '../../schema/fields.ts';
import { DESIGN_RANGES } from '../../schema/ranges.ts';
import { hasColor } from '../../render/block-style.ts';
import { presentationTable } from '../../render/layout.ts';
import { defineBlock } from '../block-definition.ts';

export const dividerBlockSchema = z.object({
  // A divider's `color` is its line colour.
  ...commonBlockFields('divider', { color: '#e5e7eb' }),
  height: numberInRange(DESIGN_RANGES.dividerHeight, { integer: true }).default(1),
});

export const dividerBlock = defineBlock({
  type: 'divider',
  label: 'Divider',
  schema: dividerBlockSchema,
  renderContent(block, ctx) {
    const color = hasColor(block.color) ? block.color : ctx.global.textColor;
    // A bordered empty cell: Outlook gives an empty div or <hr> its own height and margins.
    return presentationTable(
      `<tr><td style="border-top:${block.height}px solid ${color};font-size:0;line-height:0;mso-line-height-rule:exactly">&#8202;</td></tr>`,
      'width="100%"',
      'width:100%',
    );
  },
  renderText: () => '----------',
});
