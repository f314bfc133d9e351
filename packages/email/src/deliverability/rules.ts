// The deliverability rules a seller's email is checked against. Each returns one finding: what
// was found, in one sentence, and how to fix it.
import type { Design } from '../schema/design.ts';
import { designImages, designTextCharacters, type DesignImage } from './design-content.ts';
import { readEmailHtml, visibleCharacterCount } from './email-html.ts';
import type { ContentCheckFinding } from './findings.ts';
import { isShortenedUrl } from './url-shorteners.ts';
import { MAX_EMAIL_HTML_BYTES } from '../schema/limits.ts';
import { emailSizeProblem } from '../tokens/email-size.ts';

/** Gmail shows "[Message clipped]" past this many bytes of HTML, hiding the rest. */
export const GMAIL_CLIP_BYTES = 102 * 1024;
/** Close enough to the clip that a long order (names, product titles) could cross it. */
export const SIZE_WARNING_BYTES = 80 * 1024;
/** Fewer visible characters of text than this per image reads as an image-only email. */
export const TEXT_CHARACTERS_PER_IMAGE = 100;
/** A plain-text part under this share of what the HTML shows is missing content. */
export const PLAIN_TEXT_MIN_SHARE = 0.5;
/** SpamAssassin's own threshold is 5; under 2 leaves room for a receiver's stricter rules. */
export const SPAM_SCORE_PASS_BELOW = 2;
export const SPAM_SCORE_FAIL_FROM = 5;

const utf8 = new TextEncoder();
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const kilobytes = (bytes: number) => Math.ceil(bytes / 1024);

/** A short list of names: "a, b, c and 2 more". */
function nameList(names: readonly string[], shown = 3): string {
  const head = names.slice(0, shown).join(', ');
  return names.length > shown ? `${head} and ${names.length - shown} more` : head;
}

export function htmlBytes(html: string): number {
  return utf8.encode(html).length;
}

/**
 * The size rule, over the email's HTML as sent for the longest order (links tracked, footer
 * included): past MAX_EMAIL_HTML_BYTES the template cannot be saved, and says so in the words of
 * the save check; close to it, a warning.
 */
export function sizeFinding(sentBytes: number): ContentCheckFinding {
  const kb = kilobytes(sentBytes);
  const problem = emailSizeProblem(sentBytes);
  if (problem) return { rule: 'size', level: 'fail', message: problem };
  if (sentBytes > SIZE_WARNING_BYTES) {
    return {
      rule: 'size',
      level: 'warn',
      message: `This email would be up to ${kb} KB as buyers get it, close to the ${MAX_EMAIL_HTML_BYTES / 1024} KB it can be saved at (Gmail cuts emails off at 102 KB): shorten long text or remove a block or some links.`,
    };
  }
  return {
    rule: 'size',
    level: 'pass',
    message: `This email is up to ${kb} KB as buyers get it, well under the 102 KB where Gmail cuts emails off.`,
  };
}

/** What a seller recognises an image by: its file name, or that it was pasted in. */
function imageName(src: string): string {
  if (/^data:/i.test(src)) return 'a pasted image';
  try {
    const url = new URL(src);
    const file = url.pathname.split('/').filter(Boolean).at(-1);
    const name = file ? decodeURIComponent(file) : url.hostname;
    return name.length > 40 ? `${name.slice(0, 37)}…` : name;
  } catch {
    return src.slice(0, 40);
  }
}

export function altTextFinding(images: readonly DesignImage[]): ContentCheckFinding {
  const missing = images.filter((image) => !image.alt.trim());
  if (missing.length === 0) {
    return {
      rule: 'alt-text',
      level: 'pass',
      message:
        images.length === 0
          ? 'There are no images, so none needs a description.'
          : 'Every image has a description (alt text) for buyers whose mail app hides pictures.',
    };
  }
  const count = missing.length;
  return {
    rule: 'alt-text',
    level: 'warn',
    message: `${count} ${plural(count, 'image has', 'images have')} no description (${nameList(missing.map((image) => imageName(image.src)))}): add alt text in the image's settings so buyers whose mail app hides pictures, and spam filters, know what it shows.`,
  };
}

export function imageRatioFinding(imageCount: number, textCharacters: number): ContentCheckFinding {
  if (imageCount === 0) {
    return {
      rule: 'image-ratio',
      level: 'pass',
      message: 'This email is all text, which spam filters trust.',
    };
  }
  if (textCharacters === 0) {
    return {
      rule: 'image-ratio',
      level: 'warn',
      message:
        'This email is only pictures with no text beside them, which spam filters distrust: add a few sentences of text.',
    };
  }
  if (textCharacters < imageCount * TEXT_CHARACTERS_PER_IMAGE) {
    return {
      rule: 'image-ratio',
      level: 'warn',
      message: `This email is mostly pictures (${imageCount} ${plural(imageCount, 'image', 'images')}, about ${textCharacters} characters of text), which spam filters distrust: add a few sentences of text or remove an image.`,
    };
  }
  return {
    rule: 'image-ratio',
    level: 'pass',
    message: 'There is plenty of text beside the images.',
  };
}

export function shortenerFinding(links: readonly string[]): ContentCheckFinding {
  const shortened = [...new Set(links.filter(isShortenedUrl))];
  if (shortened.length === 0) {
    return {
      rule: 'shortener',
      level: 'pass',
      message: 'No link goes through a URL shortener.',
    };
  }
  const count = shortened.length;
  return {
    rule: 'shortener',
    level: 'fail',
    message: `${count} ${plural(count, 'link goes', 'links go')} through a URL shortener (${nameList(shortened)}), which spam filters block: link to the full address instead.`,
  };
}

export function plainTextFinding(text: string, htmlCharacters: number): ContentCheckFinding {
  const textCharacters = visibleCharacterCount(text);
  if (textCharacters === 0 && htmlCharacters > 0) {
    return {
      rule: 'plain-text',
      level: 'fail',
      message:
        'The plain-text version of this email is empty, which spam filters count against it: add some text, or descriptions to the images.',
    };
  }
  if (textCharacters < htmlCharacters * PLAIN_TEXT_MIN_SHARE) {
    return {
      rule: 'plain-text',
      level: 'warn',
      message: `The plain-text version shows much less than the email itself (${textCharacters} of ${htmlCharacters} characters): put the words in text blocks rather than in pictures.`,
    };
  }
  return {
    rule: 'plain-text',
    level: 'pass',
    message:
      'The email has a plain-text version with the same words, for mail apps that show no HTML.',
  };
}

/** The score as a seller reads it: one decimal, no "-0.0". */
function formatScore(score: number): string {
  const rounded = Math.round(score * 10) / 10;
  return (rounded === 0 ? 0 : rounded).toFixed(1);
}

/**
 * SpamAssassin's score for the email: null where SpamAssassin is not installed, 'failed' where it
 * is and did not answer (timed out, crashed).
 */
export type SpamScore = number | null | 'failed';

export function spamScoreFinding(score: SpamScore): ContentCheckFinding {
  if (score === null) {
    return {
      rule: 'spam-score',
      level: 'skipped',
      message: 'SpamAssassin is not installed on this server, so no spam score was computed.',
    };
  }
  if (score === 'failed') {
    return {
      rule: 'spam-score',
      level: 'skipped',
      message: 'The spam check did not finish this time: run the check again in a minute.',
    };
  }
  const shown = formatScore(score);
  if (score < SPAM_SCORE_PASS_BELOW) {
    return {
      rule: 'spam-score',
      level: 'pass',
      message: `SpamAssassin scores this email ${shown}, well under the 5 that counts as spam.`,
    };
  }
  const fix =
    'fix the other findings here, and avoid ALL-CAPS words, many exclamation marks and pushy sales words like "FREE" or "ACT NOW".';
  if (score < SPAM_SCORE_FAIL_FROM) {
    return {
      rule: 'spam-score',
      level: 'warn',
      message: `SpamAssassin scores this email ${shown}, near the 5 that counts as spam: ${fix}`,
    };
  }
  return {
    rule: 'spam-score',
    level: 'fail',
    message: `SpamAssassin scores this email ${shown}, so many mail servers will file it as spam: ${fix}`,
  };
}

export interface CheckedEmail {
  /** The design as saved (validated and sanitised). */
  design: Design;
  /** The email exactly as a buyer gets it: HTML and text parts, tokens filled, footer included. */
  html: string;
  text: string;
  /** Bytes of its HTML as sent for the longest order, tracked links and footer included. */
  sentBytes: number;
  spamScore: SpamScore;
}

/** Every rule over one email, in the order the seller reads them (CONTENT_CHECK_RULES). */
export function checkContent(input: CheckedEmail): ContentCheckFinding[] {
  const html = readEmailHtml(input.html);
  const images = designImages(input.design);
  return [
    sizeFinding(input.sentBytes),
    altTextFinding(images),
    imageRatioFinding(images.length, designTextCharacters(input.design)),
    shortenerFinding(html.links),
    plainTextFinding(input.text, html.visibleCharacters),
    spamScoreFinding(input.spamScore),
  ];
}
