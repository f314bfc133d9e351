// Writes part of an imported email as rich-text HTML: the words and their inline formatting, links
// and pictures, in the vocabulary sanitizeRichText keeps (spec section 5). Layout tags it would
// drop are rewritten first so the text keeps its shape (a table row becomes a line, its cells sit
// side by side while they fit); then the result goes through sanitizeRichText, the function the
// server runs on save, so nothing the sanitiser refuses (scripts, event handlers, javascript: and
// data: addresses, CSS expressions) reaches the design.
import { ALLOWED_TAGS, escapeHtml, sanitizeRichText } from '@thankly/email';
import { inlineStyle, toColor } from './read-style.ts';

/** Deeper than any real email's markup: what lies below is kept as plain words. */
export const MAX_MARKUP_DEPTH = 48;

/** Never part of an email a buyer reads, with everything inside them. */
export const DROPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'video',
  'audio',
  'canvas',
]);

/** The tags rich text keeps (the sanitiser's allow-list); any other tag gives way to its content. */
const KEPT_TAGS: ReadonlySet<string> = new Set(ALLOWED_TAGS);

/** A picture stays only at a web address (never data:, never fetched by Thankly). */
export function webImageSource(src: string | null): string {
  const trimmed = (src ?? '').trim();
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  return /^https?:\/\/[^\s]+$/i.test(trimmed) ? trimmed : '';
}

function attributes(el: Element, names: readonly string[]): string {
  let out = '';
  for (const name of names) {
    const value = el.getAttribute(name);
    if (value !== null) out += ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

function children(el: Element, depth: number): string {
  let out = '';
  for (const child of Array.from(el.childNodes)) out += nodeHtml(child, depth + 1);
  return out;
}

/** 1x1 images are open-tracking pixels of the old sender: they would report to it. */
export function isTrackingPixel(img: Element): boolean {
  return img.getAttribute('width') === '1' && img.getAttribute('height') === '1';
}

function elementHtml(el: Element, depth: number): string {
  const tag = el.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return '';
  if (depth > MAX_MARKUP_DEPTH) return escapeHtml(el.textContent ?? '');
  const inner = () => children(el, depth);
  switch (tag) {
    case 'table':
    case 'tbody':
    case 'thead':
    case 'tfoot':
    case 'tr':
      return `<div>${inner()}</div>`;
    case 'td':
    case 'th':
      // Cells side by side while they fit, each on its own line on a phone.
      return `<span style="display:inline-block;vertical-align:top;padding-right:12px">${inner()}</span>`;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return `<p><strong>${inner()}</strong></p>`;
    case 'center':
      return `<div style="text-align:center">${inner()}</div>`;
    case 'blockquote':
      return `<div style="padding-left:16px">${inner()}</div>`;
    case 'font': {
      const color = toColor(el.getAttribute('color'));
      return color ? `<span style="color:${color}">${inner()}</span>` : inner();
    }
    case 'img': {
      const src = webImageSource(el.getAttribute('src'));
      if (!src || isTrackingPixel(el)) return '';
      return `<img src="${escapeHtml(src)}"${attributes(el, ['alt', 'width', 'height', 'style'])}>`;
    }
    case 'a':
      return `<a${attributes(el, ['href', 'style'])}>${inner()}</a>`;
    case 'br':
      return '<br>';
    default:
      if (!KEPT_TAGS.has(tag)) return inner();
      return `<${tag}${attributes(el, ['style'])}>${inner()}</${tag}>`;
  }
}

function nodeHtml(node: Node, depth: number): string {
  // Source indentation collapses as a browser shows it.
  if (node.nodeType === Node.TEXT_NODE)
    return escapeHtml((node.textContent ?? '').replace(/[ \t\n\r\f]+/g, ' '));
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  if (isHiddenFromReader(el)) return '';
  return elementHtml(el, depth);
}

function isHiddenFromReader(el: Element): boolean {
  const style = inlineStyle(el);
  return style.get('display') === 'none' || el.hasAttribute('hidden');
}

/** The nodes as sanitised rich-text HTML. */
export function fragmentHtml(nodes: readonly Node[], depth = 0): string {
  const html = nodes
    .map((node) => nodeHtml(node, depth))
    .join('')
    // Spaces at the edges of a paragraph or line show as nothing: they would only be noise.
    .replace(/(<(?:p|div|li)\b[^>]*>) +/g, '$1')
    .replace(/ +(<\/(?:p|div|li)>)/g, '$1')
    .trim();
  return sanitizeRichText(html);
}
