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

/**
 * What a failed delivery says about the address, as Postmark and the big mailbox providers read
 * it:
 * - hard-bounce: the mailbox does not exist (no such user, no such domain, disabled): the shop
 *   stops emailing it at once.
 * - soft-bounce: it may work another time (a full mailbox, a delay, a message too large): counted,
 *   and the address is given up on only when separate emails keep failing.
 * - blocked: the receiving server refused *us* (our relay's IP or domain reputation, SPF/DKIM/DMARC,
 *   a block list, a rate limit): nothing about the buyer, so nothing is suppressed and the seller's
 *   bounce rate is untouched; the operator is alerted, and the address is tried again next time.
 */
export type BounceClass = 'hard-bounce' | 'soft-bounce' | 'blocked';

/** Enhanced codes that say the address itself is dead (RFC 3463 §3.2, RFC 7505 for 5.1.10). */
const DEAD_ADDRESS_CODES = new Set(['1.1', '1.2', '1.3', '1.6', '1.10', '2.1']);
/** Codes about this one message or a mailbox that may empty: not the address's fault for good. */
const TRANSIENT_MAILBOX_CODES = new Set(['2.2', '2.3', '3.4']);

const MAILBOX_FULL =
  /\b(over ?quota|quota exceeded|mailbox (is )?full|mailbox size limit|insufficient (system )?storage|out of storage|user is over)/i;
const DEAD_ADDRESS =
  /\b(no such (user|mailbox|recipient|address)|user(name)? (unknown|not found)|unknown (user|recipient|mailbox)|(mailbox|recipient|account|user|address)( [\w'-]+){0,3} (does not|doesn't|did not) exist|does not exist|doesn't have an? [\w.-]+ account|recipient (address )?(not found|rejected)|mailbox (not found|unavailable|disabled)|mailbox is disabled|account (has been )?(disabled|deactivated|closed)|invalid (recipient|mailbox|address)|recipientnotfound|recipnotfound|not our customer|address rejected)/i;
const POLICY_BLOCK =
  /\b(block(ed|ing)?|block ?list|black ?list(ed)?|spam|spamhaus|barracuda|reputation|unsolicited|policy|policies|dmarc|spf|dkim|unauthenticated|authenticat(e|ed|ion)|not authori[sz]ed|rate ?limit(ed)?|too many (messages|connections)|unexpected volume|user complaints|temporarily deferred|suspicious|abuse|listed (in|on|at)|\[(ts|tss|ipts|bl)\d+\]|s3150|s3140|access denied, (sending|banned))/i;

/** `5.7.26` as [5, '7.26']; null without a code. */
function splitCode(code: string | null): { klass: string; rest: string } | null {
  if (!code) return null;
  const [klass, ...rest] = code.split('.');
  return { klass: klass!, rest: rest.join('.') };
}

/**
 * The class of one failed delivery, from its enhanced status code and the receiving server's
 * words. `status` is the notice's own code (often a bare 5.0.0 or 4.0.0); the code in the reply
 * is preferred where it is more precise (Gmail's DSN says 5.0.0 around a 550 5.7.26 reply).
 * `temporary`: the notice says the relay will retry (delayed, 4.x.x). A permanent failure that
 * neither its code nor its words explain is `unexplained` (a dead address, as RFC 3463 has it,
 * unless the caller knows better).
 */
export function classifyBounce(
  status: string | null,
  diagnostic: string | undefined,
  {
    temporary,
    givenUp = false,
    unexplained = 'hard-bounce',
  }: {
    temporary: boolean;
    /** The relay will not try again, whatever the code's class (a SendGrid block). */
    givenUp?: boolean;
    unexplained?: BounceClass;
  },
): BounceClass {
  const words = (diagnostic ?? '').replace(/\s+/g, ' ');
  const said = enhancedStatus(words);
  const code = splitCode(status && !/^\d\.0\.0$/.test(status) ? status : (said ?? status));
  const failedForGood = givenUp || (!temporary && code?.klass !== '4');
  if (code && TRANSIENT_MAILBOX_CODES.has(code.rest)) return 'soft-bounce';
  if (MAILBOX_FULL.test(words)) return 'soft-bounce';
  if (code && DEAD_ADDRESS_CODES.has(code.rest))
    return failedForGood ? 'hard-bounce' : 'soft-bounce';
  // 5.7.x is security or policy (RFC 3463 §3.8): refused for who sent it, not for whom. A
  // temporary 4.7.x alone may be greylisting: only its words make it a block.
  const isPolicyCode = failedForGood && code?.rest.split('.')[0] === '7';
  if (isPolicyCode || POLICY_BLOCK.test(words)) {
    // Some servers say "no such user" under a policy code; those words are about the address.
    return isPolicyCode && DEAD_ADDRESS.test(words) && !POLICY_BLOCK.test(words)
      ? 'hard-bounce'
      : 'blocked';
  }
  if (DEAD_ADDRESS.test(words)) return failedForGood ? 'hard-bounce' : 'soft-bounce';
  return failedForGood ? unexplained : 'soft-bounce';
}
