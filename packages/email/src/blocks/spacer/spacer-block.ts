import { z } from 'zod';
import { commonBlockFields } from '../../schema/block-common.ts';
import { numberInRange } from '../../schema/fields.ts';
import { DESIGN_RANGES } from '../../schema/ranges.ts';
import { defineBlock } from '../block-definition.ts';

export const spacerBlockSchema = z.object({
  // A spacer is only its height: no padding around it.
  ...commonBlockFields('spacer', { padding: 0 }),
  height: numberInRange(DESIGN_RANGES.spacerHeight, { integer: true }).default(24),
});

export const spacerBlock = defineBlock({
  type: 'spacer',
  label: 'Spacer',
  schema: spacerBlockSchema,
  renderContent(block) {
    if (block.height === 0) return '';
    // Outlook needs font-size/line-height pinned or it grows an empty div to the default text height.
    return `<div style="height:${block.height}px;line-height:${block.height}px;font-size:1px;mso-line-height-rule:exactly">&#8202;</div>`;
  },
  renderText: () => '',
});
