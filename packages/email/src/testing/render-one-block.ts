// Test helpers: render a single block the way the renderer does inside the 600px canvas.
import { blockSchema, type BlockInput } from '../blocks/registry.ts';
import { blockTexts, createRenderEnvironment, renderBlockRows } from '../render/render-blocks.ts';
import { globalStyleSchema, type GlobalStyleInput } from '../schema/global-style.ts';

export function renderOneBlock(block: BlockInput, global: GlobalStyleInput = {}): string {
  const env = createRenderEnvironment(globalStyleSchema.parse(global));
  return renderBlockRows([blockSchema.parse(block)], 600, env);
}

export function textOfOneBlock(block: BlockInput): string {
  return blockTexts([blockSchema.parse(block)]).join('\n\n');
}

/** One tag per line, so a snapshot diff points at the element that changed. */
export function formatHtmlForSnapshot(html: string): string {
  return html.replace(/></g, '>\n<');
}
