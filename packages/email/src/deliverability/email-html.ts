// What a rendered email holds as a reader sees it: its link targets and its visible characters.
// Parsed with sanitize-html's parser (htmlparser2), the one the package already trusts, so the
// browser and the server read the same email the same way.
import sanitizeHtml from 'sanitize-html';
import { decodeAttribute } from '../render/url-attributes.ts';

export interface EmailHtmlContent {
  /** Every href of an <a>, decoded, in document order (duplicates kept). */
  links: string[];
  /** Letters, digits, punctuation and symbols a reader sees (see visibleCharacterCount). */
  visibleCharacters: number;
}

// Letters, numbers, punctuation and symbols: what a reader counts as text. Whitespace, the
// invisible joiners of the preheader filler (U+034F, U+200C) and combining marks are not.
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/gu;

/** How many characters of `text` a reader sees. */
export function visibleCharacterCount(text: string): number {
  return text.match(VISIBLE)?.length ?? 0;
}

export function readEmailHtml(html: string): EmailHtmlContent {
  const links: string[] = [];
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    // The head (styles, title, Outlook's settings) is not read by anyone.
    nonTextTags: ['head', 'style', 'script', 'title', 'noscript', 'textarea', 'option'],
    onOpenTag(name, attribs) {
      if (name === 'a' && attribs.href) links.push(attribs.href.trim());
    },
  });
  return { links, visibleCharacters: visibleCharacterCount(decodeAttribute(text)) };
}
