// One kept message as the in-app outbox shows it: its raw source read back into headers and parts.
import type { OutboxMessage } from '@thankly/api-contract';
import { simpleParser } from 'mailparser';

/** What the outbox table holds for one message. */
interface StoredMessage {
  id: string;
  to: string;
  subject: string;
  raw: string;
  createdAt: Date;
}

/**
 * The headers as written (folded lines joined), the HTML part and the text part. mailparser
 * decodes the transfer encodings (quoted-printable, base64) and charsets, which a reader of the
 * raw source would otherwise see; no part is turned into another (a missing one stays null).
 */
export async function readOutboxMessage(message: StoredMessage): Promise<OutboxMessage> {
  const parsed = await simpleParser(message.raw, { skipHtmlToText: true, skipTextToHtml: true });
  const headers = parsed.headerLines.map(({ line }) => {
    const colon = line.indexOf(':');
    return {
      name: line.slice(0, colon).trim(),
      value: line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    };
  });
  return {
    id: message.id,
    to: message.to,
    subject: message.subject,
    createdAt: message.createdAt.toISOString(),
    headers,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    text: parsed.text ?? null,
  };
}
