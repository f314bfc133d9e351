import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { appSecretKeys } from '../infrastructure/config/app-secret.ts';
import { EMPTY_BRAND } from '@thankly/api-contract';
import { getBrand } from '../brand/brand-service.ts';
import {
  readResubscribeToken,
  readUnsubscribeToken,
  resubscribeToken,
} from '../buyer-email/unsubscribe-links.ts';
import { type PageContent, type PageLook, unsubscribePage } from './unsubscribe-page.ts';
import { findShopById, resubscribe, unsubscribe } from './unsubscribes.ts';

const NOT_RECOGNISED: PageContent = {
  title: 'Link not recognised',
  line: 'This link is not valid. Please use the one in your email.',
};

function send(reply: FastifyReply, status: number, look: PageLook, content: PageContent) {
  return reply.status(status).type('text/html').send(unsubscribePage(look, content));
}

/**
 * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the link in
 * the List-Unsubscribe header; people follow the footer link to a page with a button. A plain GET
 * never unsubscribes, since link scanners follow links. The page that confirms offers an undo,
 * signed apart (see unsubscribe-links.ts), so only someone who unsubscribed can take it back.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Providers send `List-Unsubscribe=One-Click` as a form, multipart (as RFC 8058 describes) or
  // otherwise, some labelled `application/json` though it is not JSON: the signed link alone
  // decides, so any body of any type (or none) is read and ignored. Every body here is taken as
  // bytes whatever it is labelled (in this plugin's scope only): Fastify's JSON parser would answer
  // 400 to a body that is not JSON, and its media-type check 415 to a label it cannot read.
  app.removeAllContentTypeParsers();
  app.addHook('onRequest', async (request) => {
    request.headers['content-type'] = 'application/octet-stream';
  });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_r, _body, done) =>
    done(null, null),
  );

  const resolve = async (params: unknown, read: typeof readUnsubscribeToken) => {
    const token = z.object({ token: z.string().max(600) }).safeParse(params);
    const link = token.success ? read(appSecretKeys(ctx.config), token.data.token) : null;
    if (!link || !z.uuid().safeParse(link.shopId).success) return null;
    const shop = await findShopById(ctx.db, link.shopId);
    if (!shop) return null;
    const brand = await getBrand(ctx.db, shop.userId);
    return { shop, email: link.email, look: { shopName: shop.name, brand } };
  };
  const unknownLook: PageLook = { shopName: 'Thank-you emails', brand: EMPTY_BRAND };

  app.get('/unsubscribe/:token', async (request, reply) => {
    const found = await resolve(request.params, readUnsubscribeToken);
    if (!found) return send(reply, 404, unknownLook, NOT_RECOGNISED);
    return send(reply, 200, found.look, {
      title: `Unsubscribe from ${found.shop.name}?`,
      line: `${found.email} will get no more emails from ${found.shop.name}.`,
      form: { action: '', label: 'Unsubscribe' },
    });
  });

  app.post('/unsubscribe/:token', { config: { allowCrossSite: true } }, async (request, reply) => {
    const found = await resolve(request.params, readUnsubscribeToken);
    if (!found) return send(reply, 404, unknownLook, NOT_RECOGNISED);
    await unsubscribe(ctx.db, found.shop.id, found.email);
    const undo = resubscribeToken(ctx.config.appSecret, found.shop.id, found.email);
    return send(reply, 200, found.look, {
      title: 'You are unsubscribed',
      line: `${found.shop.name} will not email ${found.email} again.`,
      form: { action: `/api/resubscribe/${undo}`, label: 'Undo', quiet: true },
    });
  });

  // The undo is a form on the confirmation page; the signed link alone decides, as above.
  app.post('/resubscribe/:token', { config: { allowCrossSite: true } }, async (request, reply) => {
    const found = await resolve(request.params, readResubscribeToken);
    if (!found) return send(reply, 404, unknownLook, NOT_RECOGNISED);
    await resubscribe(ctx.db, found.shop.id, found.email);
    return send(reply, 200, found.look, {
      title: 'You are subscribed again',
      line: `${found.shop.name} will email ${found.email} about future orders, as before.`,
    });
  });
}
