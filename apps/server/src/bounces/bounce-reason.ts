/**
 * A bounce's reason as the seller reads it: the status code, then the receiving server's own words
 * (tidied) or, where it gave none, what the code means.
 */

const MAX_REASON_LENGTH = 300;

/** RFC 3463's enhanced status codes a seller is likely to meet, by subject.detail. */
const STATUS_WORDS: Record<string, string> = {
  '1.1': 'The email account does not exist',
  '1.2': 'The recipient’s domain does not exist or takes no email',
  '1.10': 'The recipient’s domain takes no email',
  '2.1': 'The mailbox is disabled',
  '2.2': 'The mailbox is full',
  '2.3': 'The email is too large for the mailbox',
  '3.4': 'The email is too large for the receiving server',
  '4.1': 'The receiving server did not answer',
  '4.2': 'The connection to the receiving server broke off',
  '4.4': 'No mail server was found for the recipient’s domain',
  '4.7': 'The email could not be delivered in time and was given up',
  '7.1': 'The receiving server refused the email',
};

/** `5.1.1` from a status field or a diagnostic; null when there is none. */
export function enhancedStatus(text: string | undefined): string | null {
  return /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text ?? '')?.[1] ?? null;
}

/**
 * `status` is the enhanced code (5.1.1) where the notice has one; `diagnostic` the receiving
 * server's reply (`550 5.1.1 <a@b>: Recipient address rejected`), multi-line replies included.
 */
export function bounceReason(status: string | null, diagnostic: string | undefined): string {
  const said = tidyDiagnostic(diagnostic ?? '');
  const code = status ?? enhancedStatus(said);
  // A reply that carries its own code (often more precise than the notice's 4.0.0) reads alone.
  const hasCode = /^\d{3}\b/.test(said) || enhancedStatus(said) !== null;
  if (said) return clip(code && !hasCode ? `${code} ${said}` : said);
  if (!code) return 'The receiving server refused the email and gave no reason';
  const [klass, ...rest] = code.split('.');
  const words =
    STATUS_WORDS[rest.join('.')] ??
    (klass === '5'
      ? 'The receiving server refused the email for good'
      : 'The receiving server could not take the email for now');
  return `${code} ${words}`;
}

/**
 * One line, without the reply code repeated on every line of a multi-line reply (Gmail writes
 * `550-5.1.1 The email account … 550-5.1.1 double-checking …`).
 */
function tidyDiagnostic(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const first = /^(\d{3})[- ](\d\.\d{1,3}\.\d{1,3} )?/.exec(oneLine);
  if (!first) return oneLine;
  const code = `${first[1]} ${first[2] ?? ''}`;
  const repeated = new RegExp(`\\s${first[1]}[- ]${(first[2] ?? '').replace(/\./g, '\\.')}`, 'g');
  return (code + oneLine.slice(first[0].length).replace(repeated, ' ')).replace(/\s+/g, ' ').trim();
}

function clip(text: string): string {
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…` : text;
}
