import { renderEmailForOrder, type TokenValues } from '@thankly/email';
import { withOpenPixel, withTrackedLinks } from '../insights/tracked-html.ts';
import { linkBaseUrl } from '../link-domains/link-urls.ts';
import { mailAddress } from '../infrastructure/config/env.ts';
import type { MailMessage } from '../infrastructure/mail/mailer.ts';
import type { VerifiedSenderDomain } from '../sending-domains/sending-domains-service.ts';
import type { SendableTemplate } from './sendable-template.ts';
import { fromDisplayName } from './from-name.ts';
import {
  unsubscribeToken,
  unsubscribeUrl,
  withUnsubscribeFooter,
  withUnsubscribeLinkInReach,
} from './unsubscribe-links.ts';

/** Never a valid signed token: the test email's unsubscribe link leads to "not found" and changes nothing. */
export const TEST_UNSUBSCRIBE_TOKEN = 'test-email';

export interface BuyerEmailInput {
  config: { appUrl: string; appSecret: string; mailFrom: string; supportEmail: string };
  template: Pick<SendableTemplate, 'design' | 'subject' | 'name' | 'preheader' | 'language'>;
  shop: { id: string; name: string };
  sellerId: string;
  sellerEmail: string;
  /** The seller's postal address for the footer ('' for none). */
  postalAddress: string;
  recipient: string;
  tokenValues: TokenValues;
  messageId?: string;
  /** The seller's verified domain: From an address there, signed with its DKIM key. */
  senderDomain?: VerifiedSenderDomain | undefined;
  /** The envelope sender bounces come back to (VERP, identifying this email). */
  returnPath?: string | undefined;
  /** A seller's test: "[Test]" in the subject, and an unsubscribe link that does nothing. */
  test?: boolean;
  /**
   * The email's open pixel and tracked links, when the seller tracks (insights). Never for a test:
   * nothing a seller does with their own test email is counted.
   */
  tracking?: { orderEmailId: string } | undefined;
}

/** A sending domain whose records were found in DNS, with its key decrypted for signing. */
/**
 * The one way a buyer email is put together, for real orders and for a seller's test alike: the
 * template filled with the values, the unsubscribe footer and headers, and a From name that cannot
 * pass for someone else.
 */
export function composeBuyerEmail(input: BuyerEmailInput): MailMessage {
  const { config, template, shop, recipient } = input;
  const rendered = renderEmailForOrder(
    template.design,
    template.subject || template.name,
    input.tokenValues,
    { preheader: template.preheader, language: template.language },
  );
  const token = input.test
    ? TEST_UNSUBSCRIBE_TOKEN
    : unsubscribeToken(config.appSecret, shop.id, recipient);
  const link = unsubscribeUrl(config.appUrl, token);
  const linkHost = input.senderDomain?.linkHost;
  const tracking =
    input.tracking && !input.test
      ? {
          appUrl: linkHost ? linkBaseUrl(config.appUrl, linkHost) : config.appUrl,
          appSecret: config.appSecret,
          ...input.tracking,
        }
      : undefined;
  // Links are tracked in the template's body before the footer is added: the unsubscribe and
  // privacy links are never rewritten. The text part keeps the original, readable addresses.
  const body = tracking
    ? { ...rendered, html: withTrackedLinks(rendered.html, tracking) }
    : rendered;
  const footer = {
    language: template.language,
    postalAddress: input.postalAddress,
    backdropColor: template.design.global.backdropColor,
  };
  const footed = withUnsubscribeFooter(body, shop.name, link, footer);
  const { text } = footed;
  const html = withUnsubscribeLinkInReach(
    tracking ? withOpenPixel(footed.html, tracking) : footed.html,
    link,
    footer,
  );
  // The mailbox alternative carries the signed token, so the operator can act on a request by hand
  // (Thankly reads no inbound mail); one-click https stays the way providers unsubscribe.
  const mailto = `mailto:${config.supportEmail}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  const sender = input.senderDomain;
  return {
    to: recipient,
    from: {
      name: fromDisplayName(shop.name),
      address: sender ? `${sender.localPart}@${sender.domain}` : mailAddress(config.mailFrom),
    },
    ...(sender
      ? {
          dkim: {
            domainName: sender.domain,
            keySelector: sender.dkimSelector,
            privateKey: sender.dkimPrivateKey,
          },
        }
      : {}),
    ...(input.returnPath ? { returnPath: input.returnPath } : {}),
    replyTo: input.sellerEmail,
    subject: input.test ? `[Test] ${rendered.subject}` : rendered.subject,
    html,
    text,
    ...(input.messageId ? { messageId: input.messageId } : {}),
    // Sent on the seller's behalf: a local outbox shows it to them and not to the buyer's account.
    accountId: input.sellerId,
    headers: {
      'List-Unsubscribe': `<${link}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // An automatic message: no vacation or out-of-office replies to the seller's Reply-To.
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'OOF, AutoReply',
      // Gmail's feedback loop groups complaints by these fields: mail type, shop, seller account.
      'Feedback-ID': `${input.test ? 'test' : 'thankyou'}:${shop.id}:${input.sellerId}:thankly`,
    },
  };
}
