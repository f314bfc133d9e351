import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outboxMessages } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * The operator's window on the local outbox: a list at /dev/outbox and each message as .eml.
 * Registered only when mail is kept locally and local stand-ins are allowed (never in production).
 */
export async function outboxRoutes(app: FastifyInstance) {
  app.get('/dev/outbox', async (_request, reply) => {
    const rows = await listOutbox(app);
    const items = rows
      .map(
        (m) =>
          `<tr><td>${m.createdAt.toISOString()}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/outbox/${m.id}.eml">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><title>Thankly outbox</title><h1>Local outbox</h1><p>Mail is kept here because no SMTP_URL is set. Nothing was delivered.</p><table><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${items || '<tr><td colspan="3">Empty</td></tr>'}</tbody></table>`,
      );
  });

  app.get('/dev/outbox.json', async () => ({ messages: await listOutbox(app, true) }));

  app.get('/dev/outbox/:id.eml', async (request, reply) => {
    const { id } = parseInput(z.object({ id: z.uuid() }), request.params);
    const [message] = await app.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id));
    if (!message) throw notFound('No such message.');
    return reply.type('message/rfc822').send(message.raw);
  });
}

async function listOutbox(app: FastifyInstance, withRaw = false) {
  const rows = await app.ctx.db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(200);
  return rows.map(({ raw, ...rest }) => (withRaw ? { ...rest, raw } : rest));
}
