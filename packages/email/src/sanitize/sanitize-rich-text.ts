// Rich-text fragments from the editor pass exactly the spec's allow-list (section 5). sanitize-html
// is pure JavaScript (htmlparser2), so the browser editor and the server get the same result.
import sanitizeHtml from 'sanitize-html';
import { filterStyle } from './style-allow-list.ts';

export const ALLOWED_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  'span',
  'a',
  'br',
  'p',
  'div',
  'ul',
  'ol',
  'li',
  'img',
] as const;

export const ALLOWED_ATTRIBUTES = [
  'href',
  'target',
  'rel',
  'style',
  'src',
  'alt',
  'width',
  'height',
] as const;

// Raster images only: an SVG data URI can carry script.
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i;
const DIGITS = /^\d{1,4}$/;

function keepStyle(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (attribs.style === undefined) return attribs;
  const style = filterStyle(attribs.style);
  const { style: _dropped, ...rest } = attribs;
  return style ? { ...rest, style } : rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'style'],
    img: ['src', 'alt', 'width', 'height', 'style'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped together with everything inside them, not just the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'head',
    'xmp',
    'plaintext',
  ],
  // Style filtering is ours (filterStyle) rather than sanitize-html's postcss path, which its
  // authors advise against in browsers; this keeps browser and server byte-identical.
  parseStyleAttributes: false,
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: keepStyle(attribs) }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => {
      const next = { ...attribs };
      // Browsers ignore control characters and spaces inside a scheme, so the check does too.
      // eslint-disable-next-line no-control-regex
      const src = (next.src ?? '').replace(/[\u0000-\u0020]+/g, '');
      if (/^data:/i.test(src) && !SAFE_DATA_IMAGE.test(src)) delete next.src;
      if (next.width !== undefined && !DIGITS.test(next.width)) delete next.width;
      if (next.height !== undefined && !DIGITS.test(next.height)) delete next.height;
      return { tagName, attribs: next };
    },
  },
};

/** Sanitises one rich-text HTML fragment to the section 5 allow-list. */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}
