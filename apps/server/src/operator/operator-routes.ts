import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recentDeliveryBlocks } from '../bounces/delivery-blocks.ts';
import { platformDeliveryHealth } from '../bounces/delivery-health.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { requireOperator } from '../infrastructure/http/operator-auth.ts';
import { parseInput } from '../infrastructure/http/validate.ts';
import { sendingQueue } from '../sending/sending-queue.ts';
import { abuseCountersOf } from '../abuse/abuse-events.ts';
import {
  type UserRow,
  findAccount,
  findAccountsByEmail,
  findNoisiestAccounts,
  updateAccount,
} from '../abuse/operator-accounts.ts';

const accountIdSchema = z.object({ id: z.uuid() });
const listQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const suspendSchema = z.object({
  reason: z
    .string({ error: 'Say why sending is suspended; the seller is shown the reason.' })
    .trim()
    .min(3, 'Say why sending is suspended; the seller is shown the reason.')
    .max(500, 'Keep the reason under 500 characters.'),
});

/**
 * The operator's abuse guard: who sends test emails, whose sends were refused, who bounces, and
 * a switch that stops one account's sending (test emails and buyer emails) until lifted.
 */
export async function operatorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('onRequest', requireOperator);

  const accountView = async (user: UserRow) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    plan: user.plan,
    isPaused: user.isPaused,
    createdAt: user.createdAt.toISOString(),
    sendingSuspended: user.sendingSuspendedAt
      ? { at: user.sendingSuspendedAt.toISOString(), reason: user.sendingSuspendedReason }
      : null,
    deliveryPaused: user.deliveryPausedAt
      ? { at: user.deliveryPausedAt.toISOString(), reason: user.deliveryPausedReason }
      : null,
    deliveryPauseLiftedAt: user.deliveryPauseLiftedAt?.toISOString() ?? null,
    counters: await abuseCountersOf(ctx.db, user.id, ctx.clock.now()),
  });

  const findUser = async (params: unknown) => {
    const parsed = accountIdSchema.safeParse(params);
    if (!parsed.success) throw notFound('Account not found.');
    const user = await findAccount(ctx.db, parsed.data.id);
    if (!user) throw notFound('Account not found.');
    return user;
  };

  // With ?email=: the accounts holding that address; without: the noisiest of the last week.
  app.get('/operator/accounts', async (request) => {
    const query = parseInput(listQuerySchema, request.query);
    let found: UserRow[];
    if (query.email) {
      found = await findAccountsByEmail(ctx.db, query.email);
    } else {
      found = await findNoisiestAccounts(ctx.db, ctx.clock.now(), query.limit);
    }
    return { accounts: await Promise.all(found.map(accountView)) };
  });

  // Receiving servers that refused our relay (policy, reputation): not bounces, nobody's address.
  app.get('/operator/delivery-blocks', async () => ({
    blocks: await recentDeliveryBlocks(ctx.db, ctx.clock.now()),
  }));

  // The platform's 30-day bounce and complaint rates: what mailbox providers judge the shared
  // relay and MAIL_FROM's domain by.
  app.get('/operator/delivery-health', async () => ({
    health: await platformDeliveryHealth(ctx.db, ctx.clock.now()),
  }));

  // How much mail waits and for how long: whether the workers and the relay keep up.
  app.get('/operator/sending-queue', async () => ({
    queue: await sendingQueue(ctx.db, ctx.clock.now()),
  }));

  app.get('/operator/accounts/:id', async (request) => ({
    account: await accountView(await findUser(request.params)),
  }));

  app.post('/operator/accounts/:id/suspend', async (request) => {
    const user = await findUser(request.params);
    const { reason } = parseInput(suspendSchema, request.body);
    const updated = await updateAccount(ctx.db, user.id, {
      sendingSuspendedAt: ctx.clock.now(),
      sendingSuspendedReason: reason,
    });
    request.log.warn({ accountId: user.id }, 'operator suspended sending');
    return { account: await accountView(updated) };
  });

  app.post('/operator/accounts/:id/resume', async (request) => {
    const user = await findUser(request.params);
    const updated = await updateAccount(ctx.db, user.id, {
      sendingSuspendedAt: null,
      sendingSuspendedReason: null,
    });
    request.log.warn({ accountId: user.id }, 'operator resumed sending');
    return { account: await accountView(updated) };
  });

  // The automatic pause for bounces and complaints; from now on only new ones count towards another.
  app.post('/operator/accounts/:id/lift-delivery-pause', async (request) => {
    const user = await findUser(request.params);
    const updated = await updateAccount(ctx.db, user.id, {
      deliveryPausedAt: null,
      deliveryPausedReason: null,
      deliveryPauseLiftedAt: ctx.clock.now(),
    });
    request.log.warn({ accountId: user.id }, 'operator lifted the delivery pause');
    return { account: await accountView(updated) };
  });
}
