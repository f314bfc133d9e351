// Limits against oversized or abusive payloads. A design is stored per template and re-rendered on
// every send, so its size bounds both storage and send-time CPU.

/** Most blocks in one design, counting the items inside columns. */
export const MAX_BLOCKS = 100;
/** Longest plain-text field (headings, button labels, alt text, content). */
export const MAX_TEXT_LENGTH = 2_000;
/** Longest rich-text HTML fragment of one block. */
export const MAX_RICH_TEXT_LENGTH = 20_000;
/** Longest URL (links, image sources). */
export const MAX_URL_LENGTH = 2_048;
/** Largest design JSON accepted, in UTF-8 bytes. Keeps the rendered email far below Gmail's 102 KB clip. */
export const MAX_DESIGN_BYTES = 256 * 1024;
/**
 * Deepest nesting of objects and arrays in a design's JSON. A real design is under ten levels deep
 * (design > blocks > columns > items > padding); anything near this bound is hostile.
 */
export const MAX_DESIGN_DEPTH = 32;
/** Most values (objects, arrays and scalars) in a design's JSON; a full design has a few thousand. */
export const MAX_DESIGN_NODES = 20_000;
/**
 * Most bytes of HTML an email may reach for its worst plausible order (footer included): Gmail
 * clips past 102 KB, hiding the footer and its unsubscribe link. Checked at save; the editor can
 * show it.
 */
export const MAX_EMAIL_HTML_BYTES = 90 * 1024;
