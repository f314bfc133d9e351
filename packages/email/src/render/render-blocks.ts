// Render dispatch: every block goes through its registry definition, never a switch on its type.
import { definitionOf } from '../blocks/registry.ts';
import type { RenderContext, TextContext } from '../blocks/block-definition.ts';
import type { CommonBlock } from '../schema/block-common.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { blockContentPx, blockRow } from './block-style.ts';
import { columnWidthClassName } from './responsive-css.ts';

/** What one render shares across blocks: the global style and the column widths in use. */
export interface RenderEnvironment {
  global: GlobalStyle;
  columnWidths: Set<number>;
  renderRows: RenderContext['renderRows'];
  columnWidthClass: RenderContext['columnWidthClass'];
}

export function createRenderEnvironment(global: GlobalStyle): RenderEnvironment {
  const env: RenderEnvironment = {
    global,
    columnWidths: new Set(),
    renderRows: (children, childPx) => renderBlockRows(children, childPx, env),
    columnWidthClass: (widthPct) => {
      env.columnWidths.add(widthPct);
      return columnWidthClassName(widthPct);
    },
  };
  return env;
}

/** Table rows for `blocks` laid out in a container `containerPx` wide. */
export function renderBlockRows(
  blocks: readonly CommonBlock[],
  containerPx: number,
  env: RenderEnvironment,
): string {
  let rows = '';
  for (const block of blocks) {
    const definition = definitionOf(block.type);
    if (!definition) continue; // unreachable for a parsed design; tolerated for a hand-built one
    // No closures per block: the shared functions come from the environment, created once a render.
    const ctx: RenderContext = {
      global: env.global,
      contentPx: blockContentPx(block, containerPx),
      renderRows: env.renderRows,
      columnWidthClass: env.columnWidthClass,
    };
    const content = definition.renderContent(block as never, ctx);
    if (content !== '') rows += blockRow(block, content);
  }
  return rows;
}

const textContext: TextContext = { textOf: blockTexts };

/** One plain-text paragraph per block that has any text. */
export function blockTexts(blocks: readonly CommonBlock[]): string[] {
  const texts: string[] = [];
  for (const block of blocks) {
    const text = definitionOf(block.type)
      ?.renderText(block as never, textContext)
      .trim();
    if (text) texts.push(text);
  }
  return texts;
}
