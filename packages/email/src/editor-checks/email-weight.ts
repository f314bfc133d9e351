// How heavy the email is and which blocks make it so. Sized as the save check sizes it, for the
// longest order (longestTokenValues); the tracked links and the footer that sending adds are the
// server's to measure, so the panel adds its last as-sent measure's difference (see the web's
// checks panel). Gmail clips past GMAIL_CLIP_BYTES.
import { GMAIL_CLIP_BYTES, SIZE_WARNING_BYTES, htmlBytes } from '../deliverability/rules.ts';
import { CANVAS_WIDTH_PX } from '../render/dimensions.ts';
import { createRenderEnvironment, renderBlockRows } from '../render/render-blocks.ts';
import type { TemplateLanguage } from '../language/languages.ts';
import type { Design } from '../schema/design.ts';
import { markValidated } from '../schema/validated-design.ts';
import { longestTokenValues } from '../tokens/email-size.ts';
import { renderEmailForOrder } from '../tokens/render-email-for-order.ts';
import { fillTokens } from '../tokens/tokens.ts';
import type { EditorCheckItem } from './check-items.ts';

export interface BlockWeight {
  blockId: string;
  name: string;
  bytes: number;
}

export interface EmailWeight {
  /** Bytes of the email's HTML for the longest order, before sending adds tracking and footer. */
  bytes: number;
  /** Top-level blocks, heaviest first. */
  blocks: BlockWeight[];
}

export interface WeighedTemplate {
  design: Design;
  subject: string;
  preheader: string;
  language: TemplateLanguage;
}

export function weighEmail(
  template: WeighedTemplate,
  names: ReadonlyMap<string, string>,
): EmailWeight {
  const design = markValidated(template.design);
  const { html } = renderEmailForOrder(design, template.subject, longestTokenValues, {
    preheader: template.preheader,
    language: template.language,
  });
  const contentPx = CANVAS_WIDTH_PX - (design.global.canvasBorderSwitch ? 2 : 0);
  const env = createRenderEnvironment(design.global);
  const blocks = design.blocks
    .filter((block) => !block.hideInEmail)
    .map((block) => ({
      blockId: block.id,
      name: names.get(block.id) ?? block.type,
      bytes: htmlBytes(
        fillTokens(renderBlockRows([block], contentPx, env), longestTokenValues, {
          escape: 'html',
        }),
      ),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: htmlBytes(html), blocks };
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** Past the warning line, an item on the heaviest block; past Gmail's clip, a failing one. */
export function sizeItem(sizeBytes: number, weight: EmailWeight): EditorCheckItem | null {
  if (sizeBytes <= SIZE_WARNING_BYTES) return null;
  const heaviest = weight.blocks[0];
  if (!heaviest) return null;
  const clipped = sizeBytes > GMAIL_CLIP_BYTES;
  return {
    key: 'size',
    rule: 'size',
    level: clipped ? 'fail' : 'warn',
    target: { kind: 'block', blockId: heaviest.blockId, name: heaviest.name },
    problem: clipped
      ? `This email is about ${kb(sizeBytes)}, past the 102 KB where Gmail cuts it off and hides the rest (your unsubscribe link included). ${heaviest.name} is the heaviest, at ${kb(heaviest.bytes)}.`
      : `This email is about ${kb(sizeBytes)}, close to the 102 KB where Gmail cuts it off. ${heaviest.name} is the heaviest, at ${kb(heaviest.bytes)}.`,
    fix: 'Shorten or remove the heaviest blocks, or replace a pasted picture with an uploaded one.',
  };
}
