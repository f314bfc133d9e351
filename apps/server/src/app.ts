import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { operatorRoutes } from './operator/operator-routes.ts';
import { requestBudgetRoutes } from './marketplace/request-budget-routes.ts';
import { accountRoutes } from './account/account-routes.ts';
import { analyticsRoutes } from './analytics/analytics-routes.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { passwordResetRoutes } from './auth/password-reset-routes.ts';
import { sessionPlugin } from './auth/session-plugin.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { demoBillingPages } from './billing/demo-pages.ts';
import { brandRoutes } from './brand/brand-routes.ts';
import { deliveryHealthRoutes } from './bounces/health-routes.ts';
import { sendgridRoutes } from './bounces/sendgrid-routes.ts';
import { contactRoutes } from './contact/contact-routes.ts';
import type { AppContext } from './context.ts';
import { isDatabaseReachable } from './infrastructure/db/database.ts';
import { insightsRoutes } from './insights/insights-routes.ts';
import { trackingRoutes } from './insights/tracking-routes.ts';
import { registerErrorHandler } from './infrastructure/http/errors.ts';
import { memoryRateLimitStore, postgresRateLimitStore } from './infrastructure/http/rate-limits.ts';
import { registerSecurity } from './infrastructure/http/security.ts';
import { unknownPathGuard } from './infrastructure/http/unknown-path-limit.ts';
import { linkDomainRoutes } from './link-domains/link-domain-routes.ts';
import { registerLinkHostGuard } from './link-domains/link-host-guard.ts';
import { createLogger } from './infrastructure/logging/logger.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { publicMediaRoutes } from './media/public-media-routes.ts';
import { outboxApiRoutes } from './account/outbox-api-routes.ts';
import { outboxRoutes } from './infrastructure/mail/outbox-routes.ts';
import { previewOrderRoutes } from './templates/preview-order-routes.ts';
import { shopRoutes } from './marketplace/shop-routes.ts';
import { sendingRoutes } from './sending/sending-routes.ts';
import { journeyRoutes } from './journeys/journey-routes.ts';
import { sendingDomainRoutes } from './sending-domains/sending-domains-routes.ts';
import { unsubscribeRoutes } from './sending/unsubscribe-routes.ts';
import { templateRoutes } from './templates/template-routes.ts';
import { templateVersionRoutes } from './templates/template-version-routes.ts';
import { testEmailRoutes } from './templates/test-email-routes.ts';
import { contentCheckRoutes } from './content-check/content-check-routes.ts';
import { byHandRoutes } from './thank-by-hand/by-hand-routes.ts';
import { publicPreviewRoutes } from './shared-previews/public-preview-routes.ts';
import { sharedPreviewRoutes } from './shared-previews/shared-preview-routes.ts';
import { registerWebApp } from './infrastructure/web/web-app.ts';

/** Infrastructure first, then one module per capability, then the web app. */
export async function buildApp(
  ctx: AppContext,
  options: {
    logLevel?: string;
    /** Where log lines go instead of stdout (tests read them). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // The process's logger, unless a caller asks for lines of its own (a test reading them).
    loggerInstance:
      options.logLevel || options.logStream
        ? createLogger(options.logLevel ?? ctx.config.logLevel, options.logStream)
        : ctx.log,
    bodyLimit: 1024 * 1024,
    // The spec writes both 'GET /templates/' and 'POST /templates'.
    // Unsubscribe tokens are longer than the router's default 100-character parameter limit.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 600 },
    // No proxy is trusted unless TRUST_PROXY names it: otherwise any client could pick its own
    // address in X-Forwarded-For and start every per-client limit afresh.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
  });
  app.decorate('ctx', ctx);

  const unknownPaths = unknownPathGuard(ctx.rateLimits.unknownPathPerClient, ctx.clock);
  registerErrorHandler(app, unknownPaths);
  // Before everything else: a seller's link host answers tracking only.
  registerLinkHostGuard(app, ctx);
  await registerSecurity(app, ctx.config.appUrl);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // On a PostgreSQL server every API process counts in one table; the embedded database has
    // one process, which counts in memory. Both on the app's clock.
    store:
      ctx.database.engine === 'postgres'
        ? postgresRateLimitStore(ctx.db, ctx.config.appSecret, ctx.clock)
        : memoryRateLimitStore(ctx.clock),
  });
  await app.register(sessionPlugin);

  await app.register(
    async (api) => {
      api.get('/health', async (_request, reply) => {
        const ok = await isDatabaseReachable(ctx.db);
        return reply
          .status(ok ? 200 : 503)
          .send(ok ? { ok: true } : { ok: false, error: 'Database unreachable.' });
      });
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(accountRoutes);
      await api.register(contactRoutes);
      await api.register(analyticsRoutes);
      await api.register(templateRoutes);
      await api.register(templateVersionRoutes);
      await api.register(brandRoutes);
      await api.register(mediaRoutes);
      await api.register(testEmailRoutes);
      await api.register(contentCheckRoutes);
      await api.register(shopRoutes);
      await api.register(sendingRoutes);
      await api.register(journeyRoutes);
      await api.register(sendingDomainRoutes);
      await api.register(linkDomainRoutes);
      await api.register(byHandRoutes);
      await api.register(unsubscribeRoutes);
      await api.register(billingRoutes);
      await api.register(operatorRoutes);
      await api.register(requestBudgetRoutes);
      await api.register(deliveryHealthRoutes);
      await api.register(sendgridRoutes);
      await api.register(insightsRoutes);
      await api.register(trackingRoutes);
      await api.register(outboxApiRoutes);
      await api.register(previewOrderRoutes);
      await api.register(sharedPreviewRoutes);
    },
    { prefix: '/api' },
  );

  if (ctx.mailer.kind === 'outbox' && ctx.config.standIns.outbox) {
    await app.register(outboxRoutes);
  }
  await app.register(demoBillingPages);
  await app.register(publicMediaRoutes);
  await app.register(publicPreviewRoutes);
  await registerWebApp(app, ctx.config.webDist, unknownPaths);
  return app;
}

/**
 * Fastify takes a list of addresses as it is; a hop count (trust the nearest N peers, whoever
 * they are) is spelled as proxy-addr's trust function, since Fastify reads a bare number as
 * "trust nothing".
 */
function trustProxyOption(setting: false | number | string[]) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
