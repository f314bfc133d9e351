import { OUTBOX_MESSAGE_NOT_FOUND } from '@thankly/api-contract';
import { endpoints } from '@thankly/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { notFound } from '../infrastructure/http/errors.ts';
import { route } from '../infrastructure/http/route.ts';
import { readOutboxMessage } from '../infrastructure/mail/outbox-message.ts';
import { findOutboxMessage, listOutbox } from '../infrastructure/mail/outbox-reader.ts';

/**
 * The in-app outbox: the signed-in seller's own account's kept mail, listed and each message read.
 * Always registered, so the app can ask whether mail is kept here at all (`enabled`); where it
 * really goes out, the list is empty and every message is missing. Kept with the account, not in
 * mail/, because it sits behind the session (auth/), and auth sends its mail through mail/.
 */
export async function outboxApiRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const enabled = ctx.mailer.kind === 'outbox' && ctx.config.standIns.outbox;
  app.addHook('onRequest', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    // The messages hold sign-in and reset links: not for a shared cache or the history cache.
    reply.header('cache-control', 'no-store');
  });

  route(
    app,
    endpoints.outbox.list,
  )(async (_input, request) => {
    if (!enabled) return { enabled, messages: [] };
    const reader = { kind: 'seller', accountId: currentUser(request).id } as const;
    const rows = await listOutbox(ctx.db, reader);
    return {
      enabled,
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });

  route(
    app,
    endpoints.outbox.message,
  )(async ({ params }, request) => {
    const reader = { kind: 'seller', accountId: currentUser(request).id } as const;
    // Another account's message reads as missing: nothing about it is revealed.
    const message = enabled ? await findOutboxMessage(ctx.db, reader, params.id) : undefined;
    if (!message) throw notFound(OUTBOX_MESSAGE_NOT_FOUND);
    return readOutboxMessage(message);
  });
}
