// Where the known tokens are in a piece of text. Only the tokens packages/email fills in become token
// chips in the editor; an unknown bracketed word stays text (and the editor warns about it).
import { TOKEN_NAMES } from '@thankly/email';

// [name] or [name|fallback]; the fallback follows the email package's rule (no brackets or line
// breaks, at most 100 characters).
const KNOWN_TOKEN = new RegExp(
  `\\[(?:${TOKEN_NAMES.join('|')})(?:\\|[^[\\]\\r\\n]{0,100})?\\]`,
  'g',
);

export interface TokenMatch {
  text: string;
  start: number;
  end: number;
}

/** Every known token in `text`, in order. */
export function findTokens(text: string): TokenMatch[] {
  const found: TokenMatch[] = [];
  KNOWN_TOKEN.lastIndex = 0;
  for (let match = KNOWN_TOKEN.exec(text); match; match = KNOWN_TOKEN.exec(text)) {
    found.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return found;
}
