// Layout primitives. Every email-client workaround lives here, each with the reason it exists;
// block renderers compose these instead of repeating the tricks.
import { SIDE_BY_SIDE_MIN_ROW_PX } from './dimensions.ts';

/** Layout tables: role=presentation so screen readers skip them; spacing attributes because Outlook ignores the CSS equivalents. */
export const TABLE_ATTRS = 'role="presentation" cellpadding="0" cellspacing="0" border="0"';

export function presentationTable(rows: string, attrs = '', style = ''): string {
  const styleAttr = style ? ` style="${style}"` : '';
  return `<table ${TABLE_ATTRS}${attrs ? ` ${attrs}` : ''}${styleAttr}>${rows}</table>`;
}

/** Markup only Outlook on Windows (the Word engine) reads. */
export function msoOnly(html: string): string {
  return `<!--[if mso]>${html}<![endif]-->`;
}

/** Outlook does not honour max-width, so it gets a fixed-width table every other client skips. */
export function ghostTableOpen(widthPx: number): string {
  return msoOnly(
    `<table ${TABLE_ATTRS} align="center" width="${widthPx}" style="width:${widthPx}px"><tr><td>`,
  );
}

export function ghostTableClose(): string {
  return msoOnly('</td></tr></table>');
}

/**
 * Side-by-side columns without media queries (some clients strip <style>): each column is an
 * inline-block whose width is calc((breakpoint - 100%) * big), where 100% is the row's width. On a
 * row at least SIDE_BY_SIDE_MIN_ROW_PX wide that is negative and min-width holds the column at its
 * percentage; on a narrower row it is huge and max-width holds it at the full row (stacked). A
 * client without calc() keeps width:100% and stacks. Where <style> survives, responsive-css.ts says
 * the same with media queries. Outlook cannot wrap inline-blocks, so it gets ghost table cells of
 * fixed width instead.
 */
export function stackingColumns(
  columns: readonly { widthPx: number; widthPct: number; widthClass: string; html: string }[],
): string {
  let html = '';
  let totalPx = 0;
  for (const column of columns) totalPx += column.widthPx;
  columns.forEach((column, index) => {
    const cell = `<td width="${column.widthPx}" valign="top" style="width:${column.widthPx}px">`;
    html +=
      index === 0
        ? msoOnly(`<table ${TABLE_ATTRS} width="${totalPx}"><tr>${cell}`)
        : msoOnly(`</td>${cell}`);
    // Floored to hundredths so the percentages never add up to more than the row.
    const minPct = Math.floor(column.widthPct * 100) / 100;
    const style =
      `display:inline-block;vertical-align:top;width:100%;min-width:${minPct}%;max-width:100%;` +
      `width:calc((${SIDE_BY_SIDE_MIN_ROW_PX}px - 100%) * ${SIDE_BY_SIDE_MIN_ROW_PX})`;
    html += `<div class="t-col ${column.widthClass}" style="${style}">${column.html}</div>`;
  });
  return `<div style="text-align:left">${html}${msoOnly('</td></tr></table>')}</div>`;
}

/** Outlook ignores CSS background images on the body; a VML background is the one it paints. */
export function vmlBackground(imageUrl: string, color: string): string {
  return `<!--[if gte mso 9]><v:background xmlns:v="urn:schemas-microsoft-com:vml" fill="t"><v:fill type="tile" src="${imageUrl}" color="${color}"/></v:background><![endif]-->`;
}

/** VML paints only plain #rgb / #rrggbb colours; others get no Outlook shape (a square button). */
const VML_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** An average glyph is about this share of the font size wide (bold sans-serif, Latin). */
const AVERAGE_GLYPH_EM = 0.62;

export interface ButtonOptions {
  href: string;
  /** Escaped HTML. */
  label: string;
  color: string;
  background: string;
  paddingY: number;
  paddingX: number;
  radius: number;
  fontSize: number;
  fontFamily: string;
  fontWeight: string;
  isFullWidth: boolean;
  align: 'left' | 'center' | 'right';
  /** The room the button has: a full-width button's width, and the cap on an auto one's. */
  maxWidthPx: number;
}

/**
 * Outlook for Windows draws a table cell square and makes only the text clickable; a VML round
 * rectangle is a shape it draws rounded, with a link over all of it. VML needs a fixed size, so an
 * auto-width button is estimated from its label (tokens count as written, a close enough length).
 */
function vmlButton(options: ButtonOptions): string {
  const heightPx = Math.round(options.fontSize * 1.25 + 2 * options.paddingY);
  const labelChars = options.label.replace(/&[#a-z0-9]+;/gi, 'x').length;
  const widthPx = options.isFullWidth
    ? options.maxWidthPx
    : Math.min(
        options.maxWidthPx,
        Math.ceil(labelChars * options.fontSize * AVERAGE_GLYPH_EM) + 2 * options.paddingX,
      );
  const arcPct = Math.min(50, Math.round((100 * options.radius) / Math.min(widthPx, heightPx)));
  return msoOnly(
    `<v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="${options.href}" ` +
      `style="height:${heightPx}px;v-text-anchor:middle;width:${widthPx}px" arcsize="${arcPct}%" stroke="f" fillcolor="${options.background}">` +
      `<w:anchorlock/><center style="color:${options.color};font-family:${options.fontFamily};font-size:${options.fontSize}px;font-weight:${options.fontWeight}">${options.label}</center></v:roundrect>`,
  );
}

/**
 * Outlook pads a link only via the table cell around it, so the cell carries the colour and padding.
 * A long label (a coupon code) breaks instead of widening the table past a phone screen. Where the
 * colour allows, Outlook gets the VML shape instead and never sees the table.
 */
export function bulletproofButton(options: ButtonOptions): string {
  const { paddingY, paddingX, radius, background } = options;
  const bgcolor = background.startsWith('#') ? ` bgcolor="${background}"` : '';
  const cellStyle = `${background ? `background-color:${background};` : ''}border-radius:${radius}px;mso-padding-alt:${paddingY}px ${paddingX}px`;
  const linkStyle =
    `display:${options.isFullWidth ? 'block' : 'inline-block'};padding:${paddingY}px ${paddingX}px;` +
    `font-size:${options.fontSize}px;line-height:1.25;font-family:${options.fontFamily};font-weight:${options.fontWeight};` +
    `color:${options.color};text-decoration:none;border-radius:${radius}px;text-align:center;word-break:break-word;mso-padding-alt:0`;
  // No align attribute on the table: browsers float an aligned table; the margin and the parent cell's align do it.
  const tableAttrs = options.isFullWidth ? 'width="100%"' : '';
  const margin =
    options.align === 'center'
      ? 'margin:0 auto'
      : options.align === 'right'
        ? 'margin:0 0 0 auto'
        : 'margin:0';
  const table = presentationTable(
    `<tr><td align="center"${bgcolor} style="${cellStyle}"><a href="${options.href}" target="_blank" rel="noopener noreferrer" style="${linkStyle}">${options.label}</a></td></tr>`,
    tableAttrs,
    options.isFullWidth ? 'width:100%' : margin,
  );
  if (!VML_COLOR.test(background)) return table;
  return `${vmlButton(options)}<!--[if !mso]><!-->${table}<!--<![endif]-->`;
}
