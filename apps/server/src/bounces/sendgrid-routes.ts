import type { FastifyInstance } from 'fastify';
import { AppError } from '../infrastructure/http/errors.ts';
import { parseInput } from '../infrastructure/http/validate.ts';
import { acceptRawBodies, rawBodyOf } from '../infrastructure/http/raw-body.ts';
import { recordMailEvent } from './mail-events.ts';
import {
  checkSendgridSignature,
  mailEventOfSendgrid,
  sendgridBatchSchema,
  sendgridPublicKey,
} from './sendgrid-events.ts';

const REFUSALS = {
  missing: new AppError('unauthenticated', 'Signed SendGrid event webhook headers are required.'),
  forged: new AppError('forbidden', 'The event webhook signature does not match.'),
  stale: new AppError('forbidden', 'The event webhook timestamp is too old or in the future.'),
};

/**
 * SendGrid's Event Webhook: bounces, deferrals, drops and spam reports, signed with the key from
 * SENDGRID_WEBHOOK_PUBLIC_KEY. Without that setting the route does not exist.
 */
export async function sendgridRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const configured = ctx.config.deliverability.sendgridWebhookPublicKey;
  if (!configured) return;
  const key = sendgridPublicKey(configured);

  acceptRawBodies(app);
  app.post('/webhooks/sendgrid', { config: { allowCrossSite: true } }, async (request) => {
    const body = rawBodyOf(request.body);
    const check = checkSendgridSignature(key, request.headers, body, ctx.clock.now());
    if (check !== 'valid') {
      request.log.warn({ check }, 'SendGrid webhook refused');
      throw REFUSALS[check];
    }
    const events = parseInput(sendgridBatchSchema, parseJson(body));
    let recorded = 0;
    for (const event of events) {
      const mailEvent = mailEventOfSendgrid(event);
      if (mailEvent && (await recordMailEvent(ctx, mailEvent)) === 'recorded') recorded += 1;
    }
    return { ok: true, recorded };
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('invalid', 'The body is not JSON: SendGrid sends an array of events.');
  }
}
