import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../http/errors.ts';
import { isOperator } from '../http/operator-auth.ts';
import { parseInput } from '../http/validate.ts';
import { escapeHtml } from '@thankly/email';
import { type OutboxReader as Reader, findOutboxMessage, listOutbox } from './outbox-reader.ts';

const SIGN_IN_FIRST = 'Sign in to Thankly to read the mail kept for your account.';

/**
 * The local outbox: a list at /dev/outbox, the same as JSON, and each message as .eml. It holds
 * password-reset and verification links, so nobody reads it anonymously: a signed-in seller sees
 * the mail of their own account (sent to them or on their behalf), the operator
 * (`Authorization: Bearer OPERATOR_TOKEN`) sees all. Registered only when mail is kept locally.
 */
export async function outboxRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    // Reset links must not linger in a shared cache or the browser's history cache.
    reply.header('cache-control', 'no-store');
  });

  app.get('/dev/outbox', { config: { readsSession: true } }, async (request, reply) => {
    const reader = readerOf(request);
    if (!reader) return signInPage(reply);
    const rows = await listOutbox(app.ctx.db, reader);
    const items = rows
      .map(
        (m) =>
          `<tr><td>${m.createdAt.toISOString()}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/outbox/${m.id}.eml">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    const whose =
      reader.kind === 'operator'
        ? 'All mail (operator).'
        : 'Mail of your account: sent to you, or on your behalf.';
    return reply
      .type('text/html')
      .send(
        `<!doctype html><title>Thankly outbox</title><h1>Local outbox</h1><p>Mail is kept here because no SMTP_URL is set. Nothing was delivered.</p><p>${whose}</p><table><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${items || '<tr><td colspan="3">Empty</td></tr>'}</tbody></table>`,
      );
  });

  app.get('/dev/outbox.json', { config: { readsSession: true } }, async (request) => {
    const reader = requireReader(request);
    return { messages: await listOutbox(app.ctx.db, reader, true) };
  });

  app.get('/dev/outbox/:id.eml', { config: { readsSession: true } }, async (request, reply) => {
    const reader = requireReader(request);
    const { id } = parseInput(z.object({ id: z.uuid() }), request.params);
    const message = await findOutboxMessage(app.ctx.db, reader, id);
    // Another account's message reads as missing: nothing about it is revealed.
    if (!message) throw notFound('No such message.');
    return reply.type('message/rfc822').send(message.raw);
  });
}

function readerOf(request: FastifyRequest): Reader | undefined {
  if (isOperator(request)) return { kind: 'operator' };
  if (request.user) return { kind: 'seller', accountId: request.user.id };
  return undefined;
}

function requireReader(request: FastifyRequest): Reader {
  const reader = readerOf(request);
  if (!reader) throw new AppError('unauthenticated', SIGN_IN_FIRST);
  return reader;
}

function signInPage(reply: FastifyReply) {
  return reply
    .status(401)
    .type('text/html')
    .send(
      `<!doctype html><title>Thankly outbox</title><h1>Local outbox</h1><p>${escapeHtml(SIGN_IN_FIRST)}</p><p><a href="/login">Sign in</a>, then open this page again.</p>`,
    );
}
