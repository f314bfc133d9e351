// @thankly/email: the single truth of what a thank-you email is. The editor previews with it, the
// server validates, sanitises and sends with it.

// Design model
export {
  designSchema,
  parseDesign,
  countBlocks,
  type Design,
  type DesignInput,
  type ParseDesignResult,
} from './schema/design.ts';
export {
  globalStyleSchema,
  DEFAULT_FONT_STACK,
  type GlobalStyle,
  type GlobalStyleInput,
} from './schema/global-style.ts';
export { FONT_STACKS, type FontStack } from './schema/font-stacks.ts';
export { DESIGN_RANGES, type NumberRange } from './schema/ranges.ts';
export {
  colorSchema,
  fontFamilySchema,
  fontWeightSchema,
  alignSchema,
  paddingSchema,
  radiiSchema,
  blockWidthSchema,
  editableBlockWidthSchema,
  urlSchema,
} from './schema/fields.ts';
export {
  MAX_BLOCKS,
  MAX_DESIGN_BYTES,
  MAX_DESIGN_DEPTH,
  MAX_DESIGN_NODES,
  MAX_EMAIL_HTML_BYTES,
  MAX_RICH_TEXT_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
} from './schema/limits.ts';
export { formatZodError } from './schema/format-zod-error.ts';
export { designShapeProblem } from './schema/design-shape.ts';
export type { CommonBlock } from './schema/block-common.ts';

// Blocks
export {
  blockSchema,
  blockRegistry,
  blockTypes,
  createBlock,
  type Block,
  type BlockInput,
  type BlockType,
  type BlockOfType,
} from './blocks/registry.ts';
export { leafBlockSchema, type LeafBlock } from './blocks/leaf-blocks.ts';
export { columnSchema, type Column } from './blocks/columns/columns-block.ts';
export type { BlockDefinition } from './blocks/block-definition.ts';
export {
  unsizedImageSources,
  withImageSizes,
  type ImageSize,
  type ImageSizeLookup,
} from './blocks/image/image-sizes.ts';
export { createBlockId } from './blocks/block-id.ts';
export { HEADING_FONT_SIZES } from './blocks/heading/heading-block.ts';
export { TEXT_FONT_SIZES } from './blocks/text/text-block.ts';
export { HTML_BLOCK_FONT_SIZE } from './blocks/html/html-block.ts';
export { BUTTON_SIZES, buttonRadius } from './blocks/button/button-block.ts';
export { MAX_NATURAL_PX } from './blocks/image/image-block.ts';

// Editing clamps
export {
  clampBlockWidth,
  clampRenderedWidth,
  clampCanvasYMargin,
  clampColumnCount,
  redistributeColumns,
  resizeColumns,
  MIN_EDITABLE_WIDTH_PCT,
  MIN_RENDERED_WIDTH_PCT,
  MAX_CANVAS_Y_MARGIN,
  MIN_COLUMNS,
  MAX_COLUMNS,
  MIN_COLUMN_WIDTH_PCT,
} from './clamp.ts';

// Rendering
export { renderEmail, type RenderOptions, type RenderedEmail } from './render/render-email.ts';
export { CANVAS_WIDTH_PX, SIDE_GUTTER_PX } from './render/dimensions.ts';
/** The plain text of a sanitised rich-text fragment, as the text part of an email shows it. */
export { htmlToText as richTextToPlainText } from './render/rich-text.ts';
/** Text made safe for element content and quoted attributes: the one escape every HTML page uses. */
export { escapeHtml } from './render/html.ts';

// Tokens
export {
  TOKENS,
  TOKEN_NAMES,
  isTokenName,
  sampleTokenValues,
  fillTokens,
  findUnknownTokens,
  findTokens,
  tokenValue,
  tokenText,
  WELCOME_BACK,
  type TokenName,
  type TokenValues,
  type FillOptions,
} from './tokens/tokens.ts';
export { renderEmailForOrder, type RenderedOrderEmail } from './tokens/render-email-for-order.ts';
export { withoutEmptyTokenBlocks, isOnlyEmptyTokens } from './tokens/empty-blocks.ts';
export {
  findEmptyTokens,
  tokensSellerCannotFill,
  SHIPPING_TOKENS,
  type EmptyTokenWarning,
  type SellerTokenSources,
} from './tokens/empty-tokens.ts';
export { findTokenFallbacks } from './tokens/tokens.ts';
export {
  type ReviewIncentive,
  findIncentiveWording,
  findReviewIncentive,
  incentiveWordingOf,
  reviewIncentiveOf,
} from './tokens/review-incentive.ts';
export { unsafeFallbackProblem } from './tokens/fallback-rules.ts';
export { emailSizeProblem, longestTokenValues } from './tokens/email-size.ts';
export { dropUnsafeUrls } from './render/url-attributes.ts';

// Printed cards
export {
  renderCardForOrder,
  type CardRenderOptions,
  type RenderedCard,
} from './card/render-card.ts';
export { qrCodeSvg, fitsInQrCode, MAX_QR_CODE_BYTES } from './card/qr-code.ts';
export { cardQrCodeCount, MAX_QR_CODES_PER_CARD } from './card/qr-budget.ts';

// Sanitising (on save)
export {
  sanitizeRichText,
  ALLOWED_TAGS,
  ALLOWED_ATTRIBUTES,
} from './sanitize/sanitize-rich-text.ts';
export { sanitizeDesign } from './sanitize/sanitize-design.ts';

// Templates
export { createDefaultTemplate, type NewTemplate } from './template/default-template.ts';
export {
  PREHEADER_MAX_LENGTH,
  POSTAL_ADDRESS_MAX_LENGTH,
  POSTAL_ADDRESS_MAX_LINES,
  normalizePreheader,
  normalizePostalAddress,
  preheaderSchema,
  postalAddressSchema,
} from './schema/template-texts.ts';

// Languages and the footer sending adds
export {
  TEMPLATE_LANGUAGES,
  DEFAULT_TEMPLATE_LANGUAGE,
  templateLanguageSchema,
  isTemplateLanguage,
  languageDirection,
  type TemplateLanguage,
  type TextDirection,
} from './language/languages.ts';
export {
  unsubscribeFooter,
  compactUnsubscribeLink,
  withEarlyUnsubscribeLink,
  FOOTER_TEXTS,
} from './language/unsubscribe-footer.ts';

// Brand kit and starter designs
export { MIN_TEXT_CONTRAST, mutedTextOn, opaqueHex } from './brand/contrast.ts';
export {
  applyBrand,
  signOffHtml,
  contrastRatio,
  readableTextOn,
  EMPTY_BRAND,
  LOGO_BLOCK_ID,
  SIGN_OFF_BLOCK_ID,
  LOGO_WIDTH_PX,
  LOGO_ALT,
  type BrandKit,
} from './brand/apply-brand.ts';
export {
  brandBlock,
  brandNewBlock,
  ownsStyle,
  withOwnStyle,
  withOwnGlobalStyle,
} from './brand/brand-style.ts';
export { BRAND_STYLE_FIELDS, type BrandStyleField } from './schema/block-common.ts';
export { BRAND_GLOBAL_FIELDS, type BrandGlobalField } from './schema/global-style.ts';
export { starterDesigns, BLANK_STARTER_ID, type StarterDesign } from './gallery/starter-designs.ts';

// Deliverability check (the editor's "Check deliverability")
export {
  CONTENT_CHECK_RULES,
  type ContentCheckRule,
  type ContentCheckLevel,
  type ContentCheckFinding,
} from './deliverability/findings.ts';
export {
  checkContent,
  spamScoreFinding,
  htmlBytes,
  GMAIL_CLIP_BYTES,
  type CheckedEmail,
  type SpamScore,
} from './deliverability/rules.ts';
export { isShortenedUrl, URL_SHORTENER_HOSTS } from './deliverability/url-shorteners.ts';
export {
  findDeadLinks,
  withBlockLink,
  SHOP_ADDRESS_FIX,
  type DeadLinkWarning,
} from './tokens/dead-links.ts';
export { renderMessageForOrder, type MessageOptions } from './channels/render-message.ts';
export { withoutHiddenBlocks, type Channel } from './card/hidden-blocks.ts';
export { CARD_SIGN_OFF } from './card/card-wording.ts';
