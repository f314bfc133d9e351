// Words that only make sense in an email. A marketplace message can be answered like an email, so
// there "this email" becomes "this message"; a printed card cannot be answered or unsubscribed from,
// so a sentence asking the buyer to reply is left off the card.

/** Sentences (or parts) an email reader follows but a card reader cannot. */
const CARD_CANNOT =
  /\breply\b|\brespond\b|\bwrite back\b|\bunsubscribe\b|\binbox\b|\bthis e-?mail\b/i;
/** Sentences a message reader cannot act on (no footer, no inbox of ours). */
const MESSAGE_CANNOT = /\bunsubscribe\b|\binbox\b|\bview (?:it )?in (?:your|a|the) browser\b/i;

const SENTENCE = /[^.!?\n]+(?:[.!?]+|$)\s*/g;

/** What is left of a line that said nothing else: a lone "P.S." or punctuation. */
const NOTHING_LEFT = /^(?:p\.?\s*s\.?)?[\s\p{P}]*$/iu;

/**
 * The text without the sentences `cannot` matches, nor the question that leads into one ("A
 * question about your order? Just reply to this email."): it would be left hanging.
 */
function withoutSentences(text: string, cannot: RegExp): string {
  if (!cannot.test(text)) return text;
  const sentences = text.match(SENTENCE) ?? [];
  const kept = sentences.filter((sentence, index) => {
    if (cannot.test(sentence)) return false;
    const next = sentences[index + 1];
    return !(sentence.trim().endsWith('?') && next !== undefined && cannot.test(next));
  });
  const left = kept.join('').trim();
  return NOTHING_LEFT.test(left) ? '' : left;
}

/** The plain words as a marketplace message says them. */
export function messageWords(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      withoutSentences(line, MESSAGE_CANNOT).replace(
        /\b(this|that)(\s+)e-?mail\b/gi,
        '$1$2message',
      ),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain words as a card says them: sentences only an email reader could follow are left off. */
export function cardPlainWords(text: string): string {
  return text
    .split('\n')
    .map((line) => withoutSentences(line, CARD_CANNOT))
    .join('\n')
    .trim();
}

const PARAGRAPH = /<p\b[^>]*>([\s\S]*?)<\/p>/gi;

/**
 * Sanitised rich text as a card says it. A paragraph of plain words loses the sentences a card
 * reader cannot follow; one with formatting inside is kept whole, or left off whole when it asks
 * for a reply (cutting through its tags could break them).
 */
export function cardRichWords(html: string): string {
  if (!CARD_CANNOT.test(html)) return html;
  return html.replace(PARAGRAPH, (paragraph, inner: string) => {
    if (!CARD_CANNOT.test(inner)) return paragraph;
    if (inner.includes('<')) return '';
    const kept = cardPlainWords(inner);
    return kept ? paragraph.replace(inner, () => kept) : '';
  });
}
