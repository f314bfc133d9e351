// A thank-you card for the parcel, from the same template as the email: for buyers whose email the
// marketplace withholds (most of Etsy), and shops that prefer paper. The server renders one card per
// order; the web app lays them out on paper and zooms each to fit. So the card is one fragment
// with inline styles only (no <style>, no script, nothing fetched but the design's own images),
// fluid in width, with font sizes as designed.
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  isTemplateLanguage,
  languageDirection,
  type TemplateLanguage,
} from '../language/languages.ts';
import type { RenderContext } from '../blocks/block-definition.ts';
import { hasColor } from '../render/block-style.ts';
import { CANVAS_WIDTH_PX } from '../render/dimensions.ts';
import { toFontStack } from '../render/fonts.ts';
import { createRenderEnvironment } from '../render/render-blocks.ts';
import { designSchema, type DesignInput } from '../schema/design.ts';
import type { GlobalStyle } from '../schema/global-style.ts';
import { isValidatedDesign } from '../schema/validated-design.ts';
import { withoutEmptyTokenBlocks } from '../tokens/empty-blocks.ts';
import { fillTokens, type TokenValues } from '../tokens/tokens.ts';
import { renderCardBlocks, type CardContext } from './card-blocks.ts';
import { withCardWording } from './card-wording.ts';
import { withoutCardHiddenBlocks } from './hidden-blocks.ts';

export interface CardRenderOptions {
  /** The template's language: the card's lang and dir. English when not given. */
  language?: TemplateLanguage;
  /** Plain lines that close a card whose design has no sign-off block (see CARD_SIGN_OFF). */
  signOff?: string;
}

export interface RenderedCard {
  /** One `<article class="thankly-card">` element, tokens filled. */
  html: string;
}

/** The card is the email's canvas: its colour (or gradient), else the backdrop's, else white. */
function cardBackground(global: GlobalStyle): string {
  const color = hasColor(global.canvasColor)
    ? global.canvasColor
    : hasColor(global.backdropColor)
      ? global.backdropColor
      : '#ffffff';
  let style = `background-color:${color}`;
  if (hasColor(global.canvasGradientc1) && hasColor(global.canvasGradientc2)) {
    style += `;background-image:linear-gradient(${global.canvasGradientDir},${global.canvasGradientc1},${global.canvasGradientc2})`;
  }
  return style;
}

function cardStyle(global: GlobalStyle): string {
  let style = `box-sizing:border-box;width:100%;margin:0;${cardBackground(global)}`;
  if (hasColor(global.textColor)) style += `;color:${global.textColor}`;
  // Browsers leave backgrounds off a printout unless told: the seller's colours are the card.
  style += `;font-family:${toFontStack(global.fontFamily)};overflow-wrap:break-word;-webkit-print-color-adjust:exact;print-color-adjust:exact`;
  return style;
}

/**
 * The template as a printed card for one order: blocks the seller left off cards, and blocks that
 * show only tokens this order leaves empty, are gone; tokens are filled and HTML-escaped; each
 * button is a QR code of its link with the button's words and a short address under it. Anything
 * but a design returned by parseDesign is validated first; an invalid one throws a ZodError.
 */
export function renderCardForOrder(
  input: DesignInput,
  values: TokenValues,
  options: CardRenderOptions = {},
): RenderedCard {
  const parsed = isValidatedDesign(input) ? input : designSchema.parse(input);
  const design = withoutEmptyTokenBlocks(
    withCardWording(withoutCardHiddenBlocks(parsed), options.signOff),
    values,
  );
  const { global } = design;
  const env = createRenderEnvironment(global);
  const ctx: CardContext = {
    global,
    values,
    fill: (html) => fillTokens(html, values, { escape: 'html' }),
    emailContext: (contentPx): RenderContext => ({
      global,
      contentPx,
      renderRows: env.renderRows,
      columnWidthClass: env.columnWidthClass,
    }),
  };
  const blocks = renderCardBlocks(design.blocks, CANVAS_WIDTH_PX, ctx);
  const language = isTemplateLanguage(options.language)
    ? options.language
    : DEFAULT_TEMPLATE_LANGUAGE;
  return {
    html: `<article class="thankly-card" lang="${language}" dir="${languageDirection(language)}" style="${cardStyle(global)}">${blocks}</article>`,
  };
}
