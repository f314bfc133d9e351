import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { requireOperator } from '../http/operator-auth.ts';
import { parseInput } from '../http/validate.ts';
import { abuseCountersOf, noisiestAccounts } from './abuse-events.ts';

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

type UserRow = typeof users.$inferSelect;

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
    const [user] = await ctx.db.select().from(users).where(eq(users.id, parsed.data.id));
    if (!user) throw notFound('Account not found.');
    return user;
  };

  // With ?email=: the accounts holding that address; without: the noisiest of the last week.
  app.get('/operator/accounts', async (request) => {
    const query = parseInput(listQuerySchema, request.query);
    let found: UserRow[];
    if (query.email) {
      found = await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, query.email))
        .orderBy(desc(users.createdAt));
    } else {
      const noisy = await noisiestAccounts(ctx.db, ctx.clock.now(), query.limit);
      const rows = noisy.length
        ? await ctx.db
            .select()
            .from(users)
            .where(
              inArray(
                users.id,
                noisy.map((n) => n.userId),
              ),
            )
        : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      found = noisy.flatMap((n) => byId.get(n.userId) ?? []);
    }
    return { accounts: await Promise.all(found.map(accountView)) };
  });

  app.get('/operator/accounts/:id', async (request) => ({
    account: await accountView(await findUser(request.params)),
  }));

  app.post('/operator/accounts/:id/suspend', async (request) => {
    const user = await findUser(request.params);
    const { reason } = parseInput(suspendSchema, request.body);
    const [updated] = await ctx.db
      .update(users)
      .set({ sendingSuspendedAt: ctx.clock.now(), sendingSuspendedReason: reason })
      .where(eq(users.id, user.id))
      .returning();
    request.log.warn({ accountId: user.id }, 'operator suspended sending');
    return { account: await accountView(updated!) };
  });

  app.post('/operator/accounts/:id/resume', async (request) => {
    const user = await findUser(request.params);
    const [updated] = await ctx.db
      .update(users)
      .set({ sendingSuspendedAt: null, sendingSuspendedReason: null })
      .where(eq(users.id, user.id))
      .returning();
    request.log.warn({ accountId: user.id }, 'operator resumed sending');
    return { account: await accountView(updated!) };
  });

  // The automatic pause for bounces and complaints; from now on only new ones count towards another.
  app.post('/operator/accounts/:id/lift-delivery-pause', async (request) => {
    const user = await findUser(request.params);
    const [updated] = await ctx.db
      .update(users)
      .set({
        deliveryPausedAt: null,
        deliveryPausedReason: null,
        deliveryPauseLiftedAt: ctx.clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    request.log.warn({ accountId: user.id }, 'operator lifted the delivery pause');
    return { account: await accountView(updated!) };
  });
}
