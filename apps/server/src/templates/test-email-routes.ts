import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { sampleTokenValues, type TokenValues } from '@thankly/email';
import { sendingSettings, shops } from '../db/schema.ts';
import type { Database } from '../db/database.ts';
import { composeBuyerEmail } from '../sending/compose-buyer-email.ts';
import { recordAbuseEvent } from '../abuse/abuse-events.ts';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { AppError } from '../http/errors.ts';
import { loggableError } from '../http/loggable-error.ts';
import { rateLimitBy } from '../http/rate-limits.ts';
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
 * The order values a test shows: the seller's own shop and coupon code where they have them, the
 * samples for everything only a real order can tell.
 */
async function testValues(
  db: Database,
  sellerId: string,
): Promise<{ shop: { id: string; name: string }; values: TokenValues }> {
  const [shop] = await db
    .select({ id: shops.id, name: shops.name, url: shops.url })
    .from(shops)
    .where(eq(shops.userId, sellerId))
    .orderBy(asc(shops.connectedAt))
    .limit(1);
  const [settings] = await db
    .select({ couponCode: sendingSettings.couponCode })
    .from(sendingSettings)
    .where(eq(sendingSettings.userId, sellerId));
  const values: TokenValues = {
    ...sampleTokenValues,
    ...(shop ? { 'shop-name': shop.name, ...(shop.url ? { 'shop-url': shop.url } : {}) } : {}),
    ...(settings?.couponCode ? { 'coupon-code': settings.couponCode } : {}),
  };
  return { shop: shop ?? { id: sellerId, name: values['shop-name'] ?? '' }, values };
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
      const { shop, values } = await testValues(app.ctx.db, seller.id);
      const email = composeBuyerEmail({
        config: app.ctx.config,
        template,
        shop,
        sellerId: seller.id,
        sellerEmail: seller.email,
        postalAddress: seller.postalAddress,
        recipient: seller.email,
        tokenValues: values,
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
      return { ok: true, sentTo: seller.email };
    },
  );
}
