// Heading and text blocks hold plain `content` and optional rich `html` (sanitised when the design
// was saved). The rich version wins when present.
import { escapeHtml } from './html.ts';

/**
 * The block's words as email HTML. Rich html gets its spacing and link colour inline (see
 * inlineRichTextStyles); plain content is escaped.
 */
export function richTextHtml(block: { html: string; content: string }, linkColor: string): string {
  return block.html.trim()
    ? inlineRichTextStyles(block.html, linkColor)
    : escapeHtml(block.content);
}

const STYLE_ATTR = /\sstyle="([^"]*)"/i;
const OWN_COLOR = /(?:^|;)\s*color\s*:/i;

/** Our declarations first, so a style the seller set on the element still wins. */
function withStyle(attrs: string, declarations: string): string {
  const own = STYLE_ATTR.exec(attrs);
  if (!own) return `${attrs} style="${declarations}"`;
  return attrs.replace(STYLE_ATTR, () => ` style="${declarations};${own[1]}"`);
}

/**
 * Clients disagree on the default margins of paragraphs and lists (16px inside a block and up to
 * 64px between blocks) and on link colours (dark mode turns an uncoloured link #9E9EFF on white).
 * So spacing is set inline exactly as the editor canvas shows it — no margin except 1em between
 * consecutive paragraphs — and a link without its own colour takes the text colour, underlined.
 * Input is a sanitised fragment (sanitize-html output: double-quoted attributes).
 */
export function inlineRichTextStyles(html: string, linkColor: string): string {
  let out = '';
  let last = 0;
  let afterParagraph = false;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const between = html.slice(last, match.index);
    if (between.trim()) afterParagraph = false;
    out += between;
    last = TAG.lastIndex;
    const isClosing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    const attrs = match[3] ?? '';
    let tag = match[0];
    if (!isClosing && name === 'p') {
      tag = `<${match[2]}${withStyle(attrs, afterParagraph ? 'margin:1em 0 0' : 'margin:0')}>`;
    } else if (!isClosing && (name === 'ul' || name === 'ol')) {
      tag = `<${match[2]}${withStyle(attrs, 'margin-top:0;margin-bottom:0')}>`;
    } else if (!isClosing && name === 'a') {
      const own = STYLE_ATTR.exec(attrs)?.[1] ?? '';
      const declarations = OWN_COLOR.test(own)
        ? 'text-decoration:underline'
        : `color:${linkColor};text-decoration:underline`;
      tag = `<${match[2]}${withStyle(attrs, declarations)}>`;
    }
    out += tag;
    afterParagraph = isClosing && name === 'p';
  }
  return out + html.slice(last);
}

export function richTextPlain(block: { html: string; content: string }): string {
  return block.html.trim() ? htmlToText(block.html) : block.content.trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  zwnj: '',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X'
          ? parseInt(code.slice(2), 16)
          : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff
        ? String.fromCodePoint(point)
        : '';
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
  });
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
const HREF = /\bhref="([^"]*)"/i;
const HTML_WHITESPACE = /[ \t\n\r\f]+/g;
const NEEDS_COLLAPSE = /[\t\n\r\f]| {2}/;
const SPACE_AROUND_NEWLINE = /[ \u00a0]\n|\n[ \u00a0]/;
const SPACES_AROUND_NEWLINE = /[ \u00a0]*\n[ \u00a0]*/g;

/** HTML source whitespace collapses to one space; most text has none to collapse, so test first. */
function collapseWhitespace(text: string): string {
  return NEEDS_COLLAPSE.test(text) ? text.replace(HTML_WHITESPACE, ' ') : text;
}
// Text after these closing tags starts a new paragraph (blank line) or a new line.
const PARAGRAPH_END_TAGS = new Set(['p', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Plain text of a sanitised rich-text fragment (only the section 5 tags can occur), in one scan:
 * source whitespace collapses as in HTML, paragraphs are separated by a blank line, <div> and <br>
 * end a line, list items get a dash, and a link keeps its target after its text.
 */
export function htmlToText(html: string): string {
  let text = '';
  let last = 0;
  let linkHref: string | undefined;
  let linkStart = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    text += collapseWhitespace(html.slice(last, match.index));
    last = TAG.lastIndex;
    const isClosing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    if (name === 'br') text += '\n';
    else if (name === 'li' && !isClosing) text += '\n- ';
    else if (isClosing && PARAGRAPH_END_TAGS.has(name)) text += '\n\n';
    else if (isClosing && name === 'div') text += '\n';
    else if (name === 'a' && !isClosing) {
      linkHref = HREF.exec(match[3] ?? '')?.[1];
      linkStart = text.length;
    } else if (name === 'a' && linkHref !== undefined) {
      const label = text.slice(linkStart).trim();
      if (!label) text += linkHref;
      else if (label !== linkHref) text += ` (${linkHref})`;
      linkHref = undefined;
    }
  }
  text += collapseWhitespace(html.slice(last));
  if (text.includes('&')) text = decodeEntities(text);
  if (SPACE_AROUND_NEWLINE.test(text)) text = text.replace(SPACES_AROUND_NEWLINE, '\n');
  if (text.includes('\n\n\n')) text = text.replace(/\n{3,}/g, '\n\n');
  return text.trim();
}
