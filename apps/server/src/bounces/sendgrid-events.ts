import { type KeyObject, createPublicKey, verify } from 'node:crypto';
import { z } from 'zod';
import { bounceReason, classifyBounce, enhancedStatus } from './bounce-reason.ts';
import type { MailEvent } from './mail-events.ts';
import { orderEmailIdFromRelayMessageId } from '../buyer-email/order-message-id.ts';

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/** A signed batch older (or further ahead) than this is refused: a captured one cannot be replayed. */
const MAX_CLOCK_DIFFERENCE_MS = 5 * 60 * 1000;

/**
 * SendGrid's verification key as its settings page shows it: base64 DER SubjectPublicKeyInfo of an
 * ECDSA P-256 key, without PEM framing (a PEM is taken too).
 */
export function sendgridPublicKey(text: string): KeyObject {
  try {
    return text.includes('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error(
      'SENDGRID_WEBHOOK_PUBLIC_KEY is not a public key: paste the Verification Key from SendGrid’s Event Webhook settings.',
    );
  }
}

export type SignatureCheck = 'valid' | 'missing' | 'forged' | 'stale';

/** SendGrid signs the timestamp header's text followed by the body's exact bytes (ECDSA, SHA-256). */
export function checkSendgridSignature(
  key: KeyObject,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  now: Date,
): SignatureCheck {
  const signature = headers[SIGNATURE_HEADER];
  const timestamp = headers[TIMESTAMP_HEADER];
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !signature || !timestamp)
    return 'missing';
  const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), body]);
  let holds = false;
  try {
    holds = verify('sha256', signed, key, Buffer.from(signature, 'base64'));
  } catch {
    // A signature that is not DER at all: as forged as a wrong one.
  }
  if (!holds) return 'forged';
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!(Math.abs(now.getTime() - seconds * 1000) <= MAX_CLOCK_DIFFERENCE_MS)) return 'stale';
  return 'valid';
}

const text = (max: number) => z.string().max(max).optional();

/** The fields Thankly reads; SendGrid sends many more, kept out by zod's default. */
const sendgridEventSchema = z.object({
  event: z.string().max(100),
  sg_event_id: z.string().trim().max(200).optional(),
  'smtp-id': text(1000),
  /** bounce: 'bounce' (for good) or 'blocked' (refused for now); dropped: why it was not sent. */
  type: text(100),
  reason: text(5000),
  status: text(100),
  /** deferred: the receiving server's reply. */
  response: text(5000),
});

export const sendgridBatchSchema = z.array(sendgridEventSchema).max(10_000);
export type SendgridEvent = z.infer<typeof sendgridEventSchema>;

/** Dropped because the address bounced before: SendGrid knows it is dead, so does the shop now. */
const DROPPED_BOUNCED = 'bounced address';

/** The mail event one SendGrid event reports, or null for what Thankly does not act on. */
export function mailEventOfSendgrid(event: SendgridEvent): MailEvent | null {
  const orderEmailId = orderEmailIdFromRelayMessageId(event['smtp-id']);
  if (!orderEmailId || !event.sg_event_id) return null;
  const base = { orderEmailId, source: 'sendgrid' as const, sourceEventId: event.sg_event_id };
  const status = enhancedStatus(event.status);
  const said = event.reason ?? event.response;
  const reason = bounceReason(status, said);
  switch (event.event) {
    case 'bounce':
      // SendGrid's 'blocked' is a refusal it expects to lift (reputation, content): a block unless
      // the reply itself says the mailbox does not exist.
      return {
        ...base,
        kind: classifyBounce(status, said, {
          temporary: false,
          givenUp: true,
          unexplained: event.type === 'blocked' ? 'blocked' : 'hard-bounce',
        }),
        reason,
      };
    case 'deferred':
      return { ...base, kind: classifyBounce(status, said, { temporary: true }), reason };
    case 'dropped':
      return event.reason?.trim().toLowerCase() === DROPPED_BOUNCED
        ? {
            ...base,
            kind: 'hard-bounce',
            reason: 'The relay did not send it: this address had bounced before',
          }
        : null;
    case 'spamreport':
      return { ...base, kind: 'complaint', reason: 'Reported as spam' };
    default:
      return null;
  }
}
