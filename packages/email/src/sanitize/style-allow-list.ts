// The CSS a rich-text fragment may carry in style attributes: typography, colour and simple box
// properties with plain values. Anything else (url(), expression(), escapes, comments, positioning)
// is dropped declaration by declaration, failing closed.

const COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)|[a-z]{3,20})$/i;
const LENGTH = '(0|-?\\d{1,4}(\\.\\d{1,3})?(px|pt|em|rem|%))';
const SIZE = new RegExp(`^(auto|${LENGTH}|\\d{1,4})$`, 'i');
const BOX = new RegExp(`^(auto|${LENGTH})(\\s+(auto|${LENGTH})){0,3}$`, 'i');
const DECORATION =
  /^(none|underline|overline|line-through)(\s+(underline|overline|line-through))*$/i;

const ALLOWED_STYLES: Record<string, RegExp> = {
  color: COLOR,
  'background-color': COLOR,
  'font-family': /^[a-z0-9\s,'"-]{1,200}$/i,
  'font-size': new RegExp(
    `^(${LENGTH}|xx-small|x-small|small|medium|large|x-large|xx-large)$`,
    'i',
  ),
  'font-weight': /^(normal|bold|bolder|lighter|[1-9]00)$/i,
  'font-style': /^(normal|italic|oblique)$/i,
  'text-decoration': DECORATION,
  'text-decoration-line': DECORATION,
  'text-align': /^(left|right|center|justify|start|end)$/i,
  'text-transform': /^(none|uppercase|lowercase|capitalize)$/i,
  'line-height': new RegExp(`^(normal|\\d{1,2}(\\.\\d{1,3})?|${LENGTH})$`, 'i'),
  'letter-spacing': new RegExp(`^(normal|${LENGTH})$`, 'i'),
  width: SIZE,
  height: SIZE,
  'max-width': SIZE,
  margin: BOX,
  'margin-top': BOX,
  'margin-right': BOX,
  'margin-bottom': BOX,
  'margin-left': BOX,
  padding: BOX,
  'padding-top': BOX,
  'padding-right': BOX,
  'padding-bottom': BOX,
  'padding-left': BOX,
  display: /^(block|inline|inline-block)$/i,
  'vertical-align': /^(baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/i,
};

/** The style attribute with only allowed declarations, normalised to `prop:value;prop:value`. */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const rule = ALLOWED_STYLES[property];
    if (rule && rule.test(value)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}
