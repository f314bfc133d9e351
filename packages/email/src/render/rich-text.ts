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
  nbsp: ' ',
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

/**
 * Plain text of a sanitised rich-text fragment (only the section 5 tags can occur): block tags and
 * <br> become line breaks, list items get a dash, links keep their target after the text.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(
      /<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_, href: string, inner: string) => {
        const label = inner.replace(/<[^>]*>/g, '').trim();
        const target = decodeEntities(href);
        return label && decodeEntities(label) !== target ? `${label} (${href})` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|li|ul|ol|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
