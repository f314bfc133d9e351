const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The order email a Message-ID names: every buyer email goes out as `<order-<id>@<app host>>`
 * (compose-order-email.ts). Null for any other id.
 */
export function orderEmailIdFromMessageId(messageId: string | undefined): string | null {
  const match = new RegExp(`^<?order-(${UUID})@[^<>\\s]+>?$`, 'i').exec(messageId?.trim() ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The order email named by a Message-ID header line anywhere in `text`: the headers of a returned
 * email, as a bounce or complaint quotes them (message/rfc822 or text/rfc822-headers).
 */
export function orderEmailIdInHeaders(text: string): string | null {
  const match = new RegExp(`^message-id:[ \\t]*(<order-${UUID}@[^<>\\s]+>)`, 'im').exec(text);
  return match ? orderEmailIdFromMessageId(match[1]) : null;
}
