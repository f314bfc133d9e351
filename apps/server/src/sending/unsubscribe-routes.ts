import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../mail/escape-html.ts';
import { appSecretKeys } from '../config/app-secret.ts';
import { readUnsubscribeToken } from './unsubscribe-links.ts';
import { findShopById, unsubscribe } from './unsubscribes.ts';

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:520px;margin:64px auto;padding:0 16px;color:#111;line-height:1.5}button{background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:16px;cursor:pointer}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/**
 * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the link in
 * the List-Unsubscribe header; people follow the footer link to a page with a button. A plain GET
 * never unsubscribes, since link scanners follow links.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Providers send `List-Unsubscribe=One-Click` as a form, multipart (as RFC 8058 describes) or
  // otherwise: the signed link alone decides, so any body of any type is read and ignored.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_r, _body, done) =>
    done(null, null),
  );

  const resolve = async (params: unknown) => {
    const token = z.object({ token: z.string().max(600) }).safeParse(params);
    const link = token.success
      ? readUnsubscribeToken(appSecretKeys(ctx.config), token.data.token)
      : null;
    if (!link || !z.uuid().safeParse(link.shopId).success) return null;
    const shop = await findShopById(ctx.db, link.shopId);
    return shop ? { shop, email: link.email } : null;
  };

  app.get('/unsubscribe/:token', async (request, reply) => {
    const found = await resolve(request.params);
    if (!found)
      return page(reply, 404, 'Link not recognised', '<p>This unsubscribe link is not valid.</p>');
    return page(
      reply,
      200,
      `Unsubscribe from ${found.shop.name}?`,
      `<p>${escapeHtml(found.email)} will get no more thank-you emails from ${escapeHtml(found.shop.name)}.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post('/unsubscribe/:token', { config: { allowCrossSite: true } }, async (request, reply) => {
    const found = await resolve(request.params);
    if (!found)
      return page(reply, 404, 'Link not recognised', '<p>This unsubscribe link is not valid.</p>');
    await unsubscribe(ctx.db, found.shop.id, found.email);
    return page(
      reply,
      200,
      'You are unsubscribed',
      `<p>${escapeHtml(found.shop.name)} will not email ${escapeHtml(found.email)} again.</p>`,
    );
  });
}
