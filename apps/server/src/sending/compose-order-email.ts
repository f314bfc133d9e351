import type { ResolvedConfig } from '../context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { composeBuyerEmail } from './compose-buyer-email.ts';
import type { Delivery } from './decide-order.ts';
import { orderTokenValues } from './order-tokens.ts';

/** The host of every order email's Message-ID: the app's own. */
export function messageIdHost(appUrl: string): string {
  return new URL(appUrl).hostname;
}

/** The buyer's email for a decided order: the template in effect, filled from the order, with the way out. */
export function composeOrderEmail(
  config: Pick<ResolvedConfig, 'appUrl' | 'appSecret' | 'mailFrom' | 'supportEmail'>,
  { row, order, recipient, template, shop, sellerEmail, postalAddress, couponCode }: Delivery,
): MailMessage {
  return composeBuyerEmail({
    config,
    template,
    shop,
    sellerId: row.userId,
    sellerEmail,
    postalAddress,
    recipient,
    tokenValues: orderTokenValues(order, shop, couponCode),
    // The same id on every attempt: a relay or client that saw it once can tell a repeat.
    messageId: `<order-${row.id}@${messageIdHost(config.appUrl)}>`,
  });
}
