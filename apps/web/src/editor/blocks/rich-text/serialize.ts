// The editor's document (ProseMirror JSON) to a block's fields. Written here rather than taken from
// Tiptap's getHTML so the output is exactly the email's vocabulary (p, br, strong, em, u, a, span
// with a few styles, img, lists), needs no DOM, and is the same in a unit test as in the browser.
// The result then goes through packages/email's sanitizeRichText, the function the server runs on
// save, so what the editor stores is what the server would store.
import type { JSONContent } from '@tiptap/core';
import { richTextToPlainText, sanitizeRichText } from '@thankly/email';

interface MarkJson {
  type: string;
  attrs?: Record<string, unknown>;
}

/** Outermost first: a link wraps styled text, styles wrap bold/italic/underline. */
const MARK_ORDER = ['link', 'textStyle', 'bold', 'italic', 'underline'];

/**
 * Text escaped as sanitize-html (and the DOM) writes a text node: `&`, `<`, `>`, not escapeHtml's
 * quotes too, so html the editor writes is already what sanitizing it on save would give.
 */
export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The style a textStyle mark carries, as a style attribute value ('' when it carries none). */
export function textStyleCss(attrs: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  const fontFamily = str(attrs?.fontFamily);
  const fontSize = str(attrs?.fontSize);
  const color = str(attrs?.color);
  if (fontFamily) parts.push(`font-family:${fontFamily}`);
  if (fontSize) parts.push(`font-size:${fontSize}`);
  if (color) parts.push(`color:${color}`);
  return parts.join(';');
}

function openTag(mark: MarkJson): string {
  switch (mark.type) {
    case 'link':
      return `<a href="${escapeAttr(str(mark.attrs?.href))}" target="_blank" rel="noopener noreferrer">`;
    case 'textStyle':
      return `<span style="${escapeAttr(textStyleCss(mark.attrs))}">`;
    case 'bold':
      return '<strong>';
    case 'italic':
      return '<em>';
    case 'underline':
      return '<u>';
    default:
      return '';
  }
}

const CLOSE: Record<string, string> = {
  link: '</a>',
  textStyle: '</span>',
  bold: '</strong>',
  italic: '</em>',
  underline: '</u>',
};

/** The marks that produce markup, outermost first; an empty text style or a bare link is none. */
function effectiveMarks(marks: JSONContent['marks']): MarkJson[] {
  return (marks ?? [])
    .filter((mark) => {
      if (!MARK_ORDER.includes(mark.type)) return false;
      if (mark.type === 'textStyle') return textStyleCss(mark.attrs) !== '';
      if (mark.type === 'link') return str(mark.attrs?.href) !== '';
      return true;
    })
    .sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));
}

const sameMark = (a: MarkJson, b: MarkJson) =>
  a.type === b.type && JSON.stringify(a.attrs ?? {}) === JSON.stringify(b.attrs ?? {});

function inlineNode(node: JSONContent): string {
  switch (node.type) {
    case 'text':
      return escapeText(node.text ?? '');
    case 'token':
      return escapeText(str(node.attrs?.text));
    case 'hardBreak':
      return '<br>';
    case 'image': {
      const src = str(node.attrs?.src);
      if (!src) return '';
      let tag = `<img src="${escapeAttr(src)}" alt="${escapeAttr(str(node.attrs?.alt))}"`;
      const width = Number(node.attrs?.width);
      const height = Number(node.attrs?.height);
      if (width > 0) tag += ` width="${Math.round(width)}"`;
      if (height > 0) tag += ` height="${Math.round(height)}"`;
      return `${tag} style="vertical-align:middle">`;
    }
    default:
      return '';
  }
}

/** A run of inline nodes; marks shared by neighbours open once (`<strong>a<em>b</em></strong>`). */
export function serializeInline(nodes: readonly JSONContent[] = []): string {
  let html = '';
  const open: MarkJson[] = [];
  for (const node of nodes) {
    const marks = effectiveMarks(node.marks);
    let keep = 0;
    while (keep < open.length && keep < marks.length && sameMark(open[keep]!, marks[keep]!)) {
      keep += 1;
    }
    while (open.length > keep) html += CLOSE[open.pop()!.type] ?? '';
    for (const mark of marks.slice(keep)) {
      html += openTag(mark);
      open.push(mark);
    }
    html += inlineNode(node);
  }
  while (open.length > 0) html += CLOSE[open.pop()!.type] ?? '';
  return html;
}

function serializeListItem(item: JSONContent): string {
  const parts: string[] = [];
  let lists = '';
  for (const child of item.content ?? []) {
    if (child.type === 'paragraph') parts.push(serializeInline(child.content));
    else lists += serializeBlock(child);
  }
  return `<li>${parts.join('<br>')}${lists}</li>`;
}

function serializeBlock(node: JSONContent): string {
  switch (node.type) {
    case 'paragraph': {
      const inner = serializeInline(node.content);
      // An empty paragraph is a blank line the seller made on purpose; <p></p> would collapse.
      return `<p>${inner || '<br>'}</p>`;
    }
    case 'bulletList':
      return `<ul>${(node.content ?? []).map(serializeListItem).join('')}</ul>`;
    case 'orderedList':
      return `<ol>${(node.content ?? []).map(serializeListItem).join('')}</ol>`;
    default:
      return '';
  }
}

const isEmptyParagraph = (node: JSONContent) =>
  node.type === 'paragraph' && (node.content ?? []).length === 0;

/**
 * The document as rich-text html, before sanitising. Text blocks keep paragraphs; a heading
 * (`inline`) is one line of inline markup, because the email wraps it in its own <h1>-<h3>.
 */
export function serializeDocument(doc: JSONContent, { inline }: { inline: boolean }): string {
  const blocks = [...(doc.content ?? [])];
  while (blocks.length > 0 && isEmptyParagraph(blocks.at(-1)!)) blocks.pop();
  if (inline) {
    return blocks
      .filter((b) => b.type === 'paragraph')
      .map((b) => serializeInline(b.content))
      .join('<br>');
  }
  return blocks.map(serializeBlock).join('');
}

/** What a heading or text block stores: sanitised html and the plain text of the same words. */
export function toBlockText(
  doc: JSONContent,
  { inline }: { inline: boolean },
): { html: string; content: string } {
  const html = sanitizeRichText(serializeDocument(doc, { inline }));
  return { html, content: richTextToPlainText(html) };
}

/**
 * What the editor opens with: the block's html, or its plain content when it has none yet (a new
 * heading). Plain content keeps its paragraphs (blank lines) and line breaks.
 */
export function editorHtmlOf(html: string, content: string): string {
  // Sanitised first: the editor never parses more than the allow-list, even from an old design.
  if (html.trim()) return sanitizeRichText(html);
  return content
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
