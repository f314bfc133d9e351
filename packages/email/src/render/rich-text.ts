// Heading and text blocks hold plain `content` and optional rich `html` (sanitised when the design
// was saved). The rich version wins when present.
import { escapeHtml } from './html.ts';

export function richTextHtml(block: { html: string; content: string }): string {
  return block.html.trim() ? block.html : escapeHtml(block.content);
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
