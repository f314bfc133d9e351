// Reading the presentational hints of email HTML: inline style declarations and the old
// attributes (bgcolor, align, width) that table emails still carry. Values are only read here;
// whatever reaches the design is checked again by its schema.

/** The element's inline style as lower-case property -> value (no CSSOM: jsdom and browsers agree). */
export function inlineStyle(el: Element): Map<string, string> {
  const styles = new Map<string, string>();
  for (const declaration of (el.getAttribute('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (property && value) styles.set(property, value);
  }
  return styles;
}

const NAMED_COLORS: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  navy: '#000080',
  orange: '#ffa500',
  transparent: '',
};
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB =
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i;

/** A colour the design schema accepts (hex or rgb()), or '' for none or anything else. */
export function toColor(value: string | null | undefined): string {
  if (!value) return '';
  const trimmed = value.trim().toLowerCase();
  if (HEX.test(trimmed) || RGB.test(trimmed)) return trimmed;
  // bgcolor="ffffff" without its hash is common in old templates.
  if (/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed)) return `#${trimmed}`;
  return NAMED_COLORS[trimmed] ?? '';
}

/** The first colour in a `background` shorthand (`#fff url(x) no-repeat`), or ''. */
function colorInShorthand(value: string | undefined): string {
  if (!value) return '';
  for (const part of value.split(/\s+(?![^(]*\))/)) {
    const color = toColor(part);
    if (color) return color;
  }
  return '';
}

/** The element's own background colour: style first, then the bgcolor attribute. */
export function backgroundOf(el: Element): string {
  const style = inlineStyle(el);
  return (
    toColor(style.get('background-color')) ||
    colorInShorthand(style.get('background')) ||
    toColor(el.getAttribute('bgcolor'))
  );
}

/** A px length (`16px`, `16`), or null. Percentages and other units are not px. */
export function pxOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^(\d{1,5}(?:\.\d+)?)(px)?$/i.exec(value.trim());
  return match ? Math.round(Number(match[1])) : null;
}

/** A percentage (`50%`), or null. */
export function percentOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^(\d{1,3}(?:\.\d+)?)%$/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** The element's width as written: style width, then the width attribute. */
export function widthOf(el: Element): { px: number | null; pct: number | null } {
  const written = inlineStyle(el).get('width') ?? el.getAttribute('width');
  return { px: pxOf(written), pct: percentOf(written) };
}

export type Align = 'left' | 'center' | 'right';

/** Alignment the element asks of its content: text-align, then the align attribute. */
export function alignOf(el: Element): Align | null {
  const value = (inlineStyle(el).get('text-align') ?? el.getAttribute('align') ?? '').toLowerCase();
  return value === 'left' || value === 'center' || value === 'right' ? value : null;
}

/** Whether a reader never sees the element (preheaders, MSO-only parts, tracking spans). */
export function isHidden(el: Element): boolean {
  const style = inlineStyle(el);
  if (el.hasAttribute('hidden')) return true;
  if (style.get('display') === 'none' || style.get('visibility') === 'hidden') return true;
  if (style.get('mso-hide') === 'all' && style.get('max-height') === '0') return true;
  return (
    (style.get('max-height') === '0' || style.get('max-height') === '0px') &&
    style.get('overflow') === 'hidden'
  );
}
