import { sampleTokenValues, type TokenValues } from '@thankly/email';
import type { AppContext } from '../context.ts';
import { marketplaceReviewUrl } from '../marketplace/registry.ts';
import { readTrackingSettings } from '../insights/tracking-settings.ts';
import type { MailMessage } from '../infrastructure/mail/mailer.ts';
import { returnPathDomain, returnPathFor } from '../buyer-email/return-path.ts';
import { type BuyerEmailInput, composeBuyerEmail } from '../buyer-email/compose-buyer-email.ts';
import { withStoredImageSizes } from '../media/stored-image-sizes.ts';
import { verifiedSenderDomain } from '../sending-domains/sending-domains-service.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { type SellerTokenFacts, loadSellerTokenFacts } from './empty-token-warnings.ts';

/**
 * The order values a test shows: the seller's own shop, shop address and coupon code as real
 * orders will get them (empty where the seller has none, so the test shows what buyers get), the
 * samples for what only a real order can tell. Tracking (link and number) is shown only when the
 * seller's marketplace can send it.
 */
export function testValues(facts: SellerTokenFacts): TokenValues {
  const { firstShop, sources } = facts;
  const tracking =
    sources.shops.length === 0 || sources.shops.some((shop) => shop.providesTrackingLinks);
  return {
    ...sampleTokenValues,
    ...(firstShop
      ? {
          'shop-name': firstShop.name,
          'shop-url': firstShop.url ?? undefined,
          'review-link': marketplaceReviewUrl(firstShop) ?? undefined,
        }
      : {}),
    'coupon-code': facts.couponCode || undefined,
    ...(tracking ? {} : { 'tracking-link': undefined, 'tracking-number': undefined }),
  };
}

/** The id in a sample email's tracking links: no order email has it. */
const SAMPLE_EMAIL_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A template as one of the seller's buyers would get it, filled with testValues: their shop, their
 * verified domain, footer and headers. The seller's test email and the deliverability check both
 * look at this one email.
 */
export async function composeSampleEmail(
  ctx: Pick<AppContext, 'db' | 'config'>,
  seller: SessionUser,
  template: BuyerEmailInput['template'],
  { recipient, test }: { recipient: string; test: boolean },
): Promise<{ email: MailMessage; facts: SellerTokenFacts }> {
  const facts = await loadSellerTokenFacts(ctx.db, seller.id);
  const values = testValues(facts);
  const senderDomain = await verifiedSenderDomain(ctx, seller);
  const email = composeBuyerEmail({
    config: ctx.config,
    // Rendered as the sender renders it: the seller's uploads sized from storage.
    template: {
      ...template,
      design: await withStoredImageSizes(ctx.db, seller.id, template.design),
    },
    shop: facts.firstShop ?? { id: seller.id, name: values['shop-name'] ?? '' },
    sellerId: seller.id,
    sellerEmail: seller.email,
    postalAddress: seller.postalAddress,
    recipient,
    tokenValues: values,
    senderDomain,
    // The envelope a buyer email has (at `thankly-bounces.<domain>` once the seller's domain is
    // verified, so SPF aligns), naming no order email: a bounce of it is taken and changes nothing.
    returnPath: returnPathFor(
      SAMPLE_EMAIL_ID,
      ctx.config.appSecret,
      returnPathDomain(ctx.config, senderDomain?.domain),
    ),
    test,
    // The deliverability check looks at the email as buyers get it, tracked links included; its
    // id names no email, so nothing it fetches is counted. A test email is never tracked.
    tracking:
      !test && (await readTrackingSettings(ctx.db, seller.id)).trackingEnabled
        ? { orderEmailId: SAMPLE_EMAIL_ID }
        : undefined,
  });
  return { email, facts };
}
