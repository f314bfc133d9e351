// Layout primitives. Every email-client workaround lives here, each with the reason it exists;
// block renderers compose these instead of repeating the tricks.

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
 * Side-by-side columns: inline-block divs with a px max-width, so they wrap (stack) on narrow screens
 * even where media queries are stripped; where they are not, responsive-css.ts sets percentage widths
 * on wide screens and full width on phones. Outlook cannot wrap inline-blocks, so it gets ghost
 * table cells of fixed width instead.
 */
export function stackingColumns(
  columns: readonly { widthPx: number; widthClass: string; html: string }[],
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
    html += `<div class="t-col ${column.widthClass}" style="display:inline-block;width:100%;max-width:${column.widthPx}px;vertical-align:top">${column.html}</div>`;
  });
  return `<div style="text-align:left">${html}${msoOnly('</td></tr></table>')}</div>`;
}

/** Outlook ignores CSS background images on the body; a VML background is the one it paints. */
export function vmlBackground(imageUrl: string, color: string): string {
  return `<!--[if gte mso 9]><v:background xmlns:v="urn:schemas-microsoft-com:vml" fill="t"><v:fill type="tile" src="${imageUrl}" color="${color}"/></v:background><![endif]-->`;
}

/**
 * Outlook pads a link only via the table cell around it, so the cell carries the colour and padding.
 * A long label (a coupon code) breaks instead of widening the table past a phone screen.
 */
export function bulletproofButton(options: {
  href: string;
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
}): string {
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
  return presentationTable(
    `<tr><td align="center"${bgcolor} style="${cellStyle}"><a href="${options.href}" target="_blank" rel="noopener noreferrer" style="${linkStyle}">${options.label}</a></td></tr>`,
    tableAttrs,
    options.isFullWidth ? 'width:100%' : margin,
  );
}
