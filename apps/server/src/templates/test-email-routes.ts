import type { FastifyInstance } from 'fastify';
import type { TestEmailReply } from '@thankly/api-contract';
import { sampleTokenValues, type TokenValues } from '@thankly/email';
import { composeBuyerEmail } from '../sending/compose-buyer-email.ts';
import { recordAbuseEvent } from '../abuse/abuse-events.ts';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { AppError } from '../http/errors.ts';
import { loggableError } from '../http/loggable-error.ts';
import { rateLimitBy } from '../http/rate-limits.ts';
import { verifiedSenderDomain } from '../sending-domains/sending-domains-service.ts';
import {
  type SellerTokenFacts,
  emptyTokenWarnings,
  loadSellerTokenFacts,
} from './empty-token-warnings.ts';
import { templateIdFrom } from './template-routes.ts';
import { getTemplate } from './templates-service.ts';

export const TEST_EMAIL_FAILED = 'Failed to send test email';

export const unverifiedTestEmail = (email: string) =>
  `Confirm your email address before sending test emails: follow the link we sent to ${email}, or use “Resend link” at the top of the page to get a new one.`;

/** Nothing goes out for an address nobody has proved, nor for an account an operator stopped. */
function assertMaySend(seller: SessionUser): void {
  if (!seller.emailVerifiedAt) throw new AppError('forbidden', unverifiedTestEmail(seller.email));
  if (seller.sendingSuspendedAt) {
    throw new AppError(
      'forbidden',
      `Sending from this account is suspended${seller.sendingSuspendedReason ? `: ${seller.sendingSuspendedReason}` : ''}. Please contact support.`,
    );
  }
}

/**
 * The order values a test shows: the seller's own shop, shop address and coupon code as real
 * orders will get them (empty where the seller has none, so the test shows what buyers get), the
 * samples for what only a real order can tell. A tracking link is shown only when the seller's
 * marketplace can send one.
 */
export function testValues(facts: SellerTokenFacts): TokenValues {
  const { firstShop, sources } = facts;
  const tracking =
    sources.shops.length === 0 || sources.shops.some((shop) => shop.providesTrackingLinks);
  return {
    ...sampleTokenValues,
    ...(firstShop ? { 'shop-name': firstShop.name, 'shop-url': firstShop.url ?? undefined } : {}),
    'coupon-code': facts.couponCode || undefined,
    ...(tracking ? {} : { 'tracking-link': undefined }),
  };
}

export async function testEmailRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);

  app.post(
    '/emails/test/:id',
    {
      preHandler: rateLimitBy(
        app,
        'test-email',
        app.ctx.rateLimits.testEmailPerUser,
        (request) => request.user!.id,
      ),
    },
    async (request) => {
      const seller = currentUser(request);
      const template = await getTemplate(app.ctx.db, seller.id, templateIdFrom(request));
      assertMaySend(seller);
      // Composed exactly as a buyer's email is (footer, headers, From), marked as a test.
      const facts = await loadSellerTokenFacts(app.ctx.db, seller.id);
      const values = testValues(facts);
      const shop = facts.firstShop ?? { id: seller.id, name: values['shop-name'] ?? '' };
      const email = composeBuyerEmail({
        config: app.ctx.config,
        template,
        shop,
        sellerId: seller.id,
        sellerEmail: seller.email,
        postalAddress: seller.postalAddress,
        recipient: seller.email,
        tokenValues: values,
        // From the seller's own domain once it is verified, as their buyers will get it.
        senderDomain: await verifiedSenderDomain(app.ctx, seller),
        test: true,
      });
      try {
        // Sent at once rather than queued: the seller is waiting to hear whether it worked.
        await app.ctx.mailer.send(email);
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'test email failed');
        throw new AppError('upstream_failed', TEST_EMAIL_FAILED);
      }
      // The operator's abuse guard counts every test email an account sends.
      await recordAbuseEvent(app.ctx, seller.id, 'test_email');
      return {
        ok: true,
        sentTo: seller.email,
        emptyTokens: emptyTokenWarnings(template, facts),
      } satisfies TestEmailReply;
    },
  );
}
