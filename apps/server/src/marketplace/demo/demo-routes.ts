import { SHOP_NOT_FOUND } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, requireUser } from '../../auth/session-plugin.ts';
import { browserOrigin } from '../../infrastructure/http/browser-origin.ts';
import { AppError, notFound } from '../../infrastructure/http/errors.ts';
import { route } from '../../infrastructure/http/route.ts';
import { escapeHtml } from '@thankly/email';
import { orderNotificationJob } from '../ingest.ts';
import { findShop, oauthRedirectUri } from '../shops-service.ts';
import { DEMO_SHOP_NAME, createDemoOrder, newDemoAuthorizationCode } from './demo-adapter.ts';
import { recordDemoOrderEvent } from './demo-events.ts';

/** The demo shop's consent page, its simulated orders and their shipping, delivery and refund. */
export async function demoRoutes(app: FastifyInstance) {
  const { ctx } = app;

  await app.register(async (seller) => {
    seller.addHook('onRequest', requireUser);
    route(
      seller,
      endpoints.shops.demoOrder,
    )(async ({ params, body }, request) => {
      const user = currentUser(request);
      const { withoutBuyerEmail } = body;
      const shop = await findShop(ctx.db, user.id, params.id);
      if (shop.marketplace !== 'demo')
        throw new AppError('invalid', 'Only a demo shop can simulate orders.');
      if (shop.status !== 'connected')
        throw new AppError('invalid', 'Connect the demo shop first.');
      const orderId = await createDemoOrder(
        ctx.db,
        shop.externalId,
        // Without an address, the order arrives as Etsy sends most: for a card or a message.
        { name: user.name, email: withoutBuyerEmail ? null : user.email },
        ctx.clock.now(),
      );
      // Announced like a marketplace webhook: the same job fetches and records it.
      await ctx.jobs.send(orderNotificationJob, { shopId: shop.id, orderId });
      return { ok: true, orderId };
    });
    // A demo order moves on (shipped, delivered, refunded) and is announced like a new one.
    route(
      seller,
      endpoints.journeys.demoOrderEvent,
    )(async ({ params, body }, request) => {
      await recordDemoOrderEvent(ctx, currentUser(request).id, params.id, body.event);
      return { ok: true };
    });
  });

  // A labelled local stand-in for Etsy's consent page, and for the shop page its buyers land on.
  if (!ctx.config.standIns.demoShop) return;
  app.get('/demo-marketplace/shops/:id', async (request, reply) => {
    // Nothing from the request reaches the page: it is the same for every demo shop.
    const ok = z.object({ id: z.string().regex(/^demo-[\w-]{8,64}$/) }).safeParse(request.params);
    if (!ok.success) throw notFound(SHOP_NOT_FOUND);
    return reply.type('text/html').send(DEMO_STOREFRONT_HTML);
  });
  app.get('/demo-marketplace/authorize', async (request, reply) => {
    const query = z
      .object({ state: z.string().max(200), redirect_uri: z.string() })
      .safeParse(request.query);
    const expected = oauthRedirectUri(browserOrigin(request, ctx.config), 'demo');
    if (!query.success || query.data.redirect_uri !== expected)
      throw new AppError('invalid', 'Invalid demo authorisation request.');
    const approve = `${expected}?${new URLSearchParams({ code: newDemoAuthorizationCode(), state: query.data.state })}`;
    const decline = `${expected}?${new URLSearchParams({ error: 'access_denied', state: query.data.state })}`;
    return reply.type('text/html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo shop — Thankly</title>
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#111}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:13px}a.button{display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;margin-right:12px}</style></head>
<body><p class="badge">Demo — no real marketplace</p><h1>Connect the demo shop</h1>
<p>No Etsy app credentials are configured, so Thankly offers a demo shop instead. It goes through the same connection, order and sending steps as a real shop; its orders are ones you simulate from the dashboard, and their emails go to your own address.</p>
<p><a class="button" href="${escapeHtml(approve)}">Connect demo shop</a><a href="${escapeHtml(decline)}">Cancel</a></p></body></html>`);
  });
}

// The demo shop as a buyer would find it on a marketplace: where its emails' "Visit the shop" and
// "Write a review" lead, labelled as a demo so nobody mistakes it for a real shop.
const DEMO_STOREFRONT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${DEMO_SHOP_NAME} — demo storefront</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px;color:#1c2230;line-height:1.5}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:13px}ul{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px;padding:0;list-style:none}li{border:1px solid #e5e7eb;border-radius:12px;padding:16px}h2{margin-top:32px}</style></head>
<body><p class="badge">Demo — no real marketplace</p><h1>${DEMO_SHOP_NAME}</h1>
<p>This is the demo shop's page, standing in for a shop on a marketplace. The links in its emails lead here, as a real shop's lead to its page on Etsy, Shopify or WooCommerce.</p>
<h2>In the shop</h2><ul><li><strong>Hand-thrown mug</strong><br>$28.00</li><li><strong>Linen tea towel</strong><br>$20.00</li><li><strong>Stoneware bowl</strong><br>$34.00</li></ul>
<h2>Reviews</h2><p>On a real marketplace, this is where a buyer leaves a review of their order.</p></body></html>`;
