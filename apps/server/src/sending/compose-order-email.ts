import { orderMessageId } from '../buyer-email/order-message-id.ts';
import { returnPathDomain, returnPathFor } from '../buyer-email/return-path.ts';
import type { ResolvedConfig } from '../context.ts';
import { openSenderDomain } from '../sending-domains/sending-domains-service.ts';
import type { MailMessage } from '../infrastructure/mail/mailer.ts';
import { composeBuyerEmail } from '../buyer-email/compose-buyer-email.ts';
import type { Delivery } from './decide-order.ts';
import { orderTokenValues } from '../buyer-email/order-tokens.ts';

/** The host of every order email's Message-ID: the app's own. */
export function messageIdHost(appUrl: string): string {
  return new URL(appUrl).hostname;
}

/** The buyer's email for a decided order: the template in effect, filled from the order, with the way out. */
export function composeOrderEmail(
  config: Pick<
    ResolvedConfig,
    'appUrl' | 'appSecret' | 'previousAppSecrets' | 'mailFrom' | 'supportEmail' | 'deliverability'
  >,
  delivery: Delivery,
): MailMessage {
  const { row, order, recipient, template, shop, sellerEmail, postalAddress, couponCode } =
    delivery;
  const sender = delivery.senderDomain;
  const returnDomain = returnPathDomain(config, sender?.domain);
  return composeBuyerEmail({
    config,
    template,
    shop,
    sellerId: row.userId,
    sellerEmail,
    postalAddress,
    recipient,
    tokenValues: orderTokenValues(order, shop, couponCode, row.buyerOrderCount),
    // The same id on every attempt: a relay or client that saw it once can tell a repeat. Signed,
    // so a report quoting it can name this order and no made-up one.
    messageId: orderMessageId(row.id, config.appSecret, messageIdHost(config.appUrl)),
    senderDomain: sender ? openSenderDomain(sender, config) : undefined,
    returnPath: returnPathFor(row.id, config.appSecret, returnDomain),
    tracking: delivery.trackingEnabled ? { orderEmailId: row.id } : undefined,
  });
}
