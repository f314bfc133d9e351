import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getPlan } from '@thankly/api-contract';
import { SESSION_COOKIE, findSessionUser } from '../auth/sessions.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { escapeHtml as e } from '@thankly/email';
import { billingFor } from './billing.ts';
import type { BillingService } from './billing-service.ts';
import type { DemoProvider, DemoSession } from './demo-provider.ts';
import type { PriceChoice } from './payment-provider.ts';

const formSchema = z.object({
  session: z.string().min(1).max(200),
  action: z.enum(['pay', 'cancel', 'switch']),
  price: z.string().max(100).optional(),
});

class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The local demo checkout and billing portal: clearly labelled pages served by Thankly itself
 * that stand in for Stripe's hosted pages when no Stripe keys are set. Paying, switching and
 * cancelling change the demo's own subscription and then run the same event processing and sync
 * as a Stripe webhook. Off (404) wherever the demo provider is not the provider: with Stripe
 * keys, and in production unless ALLOW_DEMO_CHECKOUT is set. In production every page also says
 * in so many words that the account's plan on this server changes without any payment.
 */
export async function demoBillingPages(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get('/billing/demo-checkout', async (request, reply) =>
    render(reply, async () => {
      const { demo, user } = await prepare(app, request);
      const session = await openSession(demo, request.query, 'checkout', user);
      const choice = session.priceId ? demo.catalogChoice(session.priceId) : undefined;
      if (!choice) throw new PageError(404, 'This checkout is for a plan we do not sell.');
      return page(
        'Demo checkout',
        `${productionNotice(app, user, `moves your account to ${getPlan(choice.planId).name}`)}
        <h1>Subscribe to ${e(describe(choice))}</h1>
        <p class="price">${e(priceOf(choice))}</p>
        <p>Signed in as ${e(user.email)}. Paying here charges nothing: your plan changes at once,
        just as it would after a real card payment.</p>
        <form method="post" action="/billing/demo-checkout">
          <input type="hidden" name="session" value="${e(session.id)}">
          <button name="action" value="pay" class="primary">Pay ${e(priceOf(choice))}</button>
          <button name="action" value="cancel">Cancel</button>
        </form>`,
      );
    }),
  );

  app.post('/billing/demo-checkout', async (request, reply) =>
    render(reply, async () => {
      const { billing, demo, user } = await prepare(app, request, { isForm: true });
      const form = parseForm(request.body);
      const session = await openSession(demo, { session: form.session }, 'checkout', user);
      if (form.action === 'cancel') {
        await demo.closeSession(session.id, 'expired');
        return reply.redirect(session.cancelUrl, 303);
      }
      if (form.action !== 'pay' || !session.priceId)
        throw new PageError(400, 'Choose Pay or Cancel.');
      // Closing first makes a double click pay once.
      if (!(await demo.closeSession(session.id, 'complete'))) {
        throw new PageError(409, 'This checkout is already complete.');
      }
      await demo.subscribe(session.customerId, session.priceId);
      await billing.processEvent(
        demo.event('checkout.session.completed', session.customerId, session.userId),
      );
      return reply.redirect(session.successUrl, 303);
    }),
  );

  app.get('/billing/demo-portal', async (request, reply) =>
    render(reply, async () => {
      const { demo, user } = await prepare(app, request);
      const session = await openSession(demo, request.query, 'portal', user);
      const [current] = await demo.activeSubscriptions(session.customerId);
      const currentChoice = current && demo.catalogChoice(current.priceId);
      const hidden = `<input type="hidden" name="session" value="${e(session.id)}">`;
      const proposed = session.priceId ? demo.catalogChoice(session.priceId) : undefined;
      const options = demo.allChoices().filter((choice) => choice.priceId !== current?.priceId);

      const body = current
        ? `<p>Your subscription: <strong>${e(currentChoice ? describe(currentChoice) : current.priceId)}</strong>,
          renews on ${e(current.currentPeriodEnd.toISOString().slice(0, 10))}.</p>
          ${
            proposed && proposed.priceId !== current.priceId
              ? `<form method="post" action="/billing/demo-portal" class="confirm">${hidden}
                  <input type="hidden" name="price" value="${e(proposed.priceId)}">
                  <p>Switch to <strong>${e(describe(proposed))}</strong> (${e(priceOf(proposed))})?</p>
                  <button name="action" value="switch" class="primary">Confirm switch</button>
                </form>`
              : ''
          }
          <h2>Change plan</h2>
          ${options
            .map(
              (choice) => `<form method="post" action="/billing/demo-portal" class="row">${hidden}
                <input type="hidden" name="price" value="${e(choice.priceId)}">
                <span>${e(describe(choice))} — ${e(priceOf(choice))}</span>
                <button name="action" value="switch">Switch</button>
              </form>`,
            )
            .join('')}
          <h2>Cancel</h2>
          <form method="post" action="/billing/demo-portal">${hidden}
            <p>The demo cancels at once and moves you to Starter; your templates are kept.</p>
            <button name="action" value="cancel" class="danger">Cancel subscription</button>
          </form>`
        : `<p>You have no paid subscription. Choose a plan on your account page.</p>`;
      return page(
        'Demo billing portal',
        `${productionNotice(app, user, 'changes your account’s plan')}
        <h1>Billing for ${e(user.email)}</h1>${body}
        <p><a href="${e(session.successUrl)}">Return to Thankly</a></p>`,
      );
    }),
  );

  app.post('/billing/demo-portal', async (request, reply) =>
    render(reply, async () => {
      const { billing, demo, user } = await prepare(app, request, { isForm: true });
      const form = parseForm(request.body);
      const session = await openSession(demo, { session: form.session }, 'portal', user);
      const [current] = await demo.activeSubscriptions(session.customerId);
      if (!current) throw new PageError(409, 'There is no subscription to change.');
      if (form.action === 'cancel') {
        await demo.cancel(session.customerId);
        await billing.processEvent(demo.event('customer.subscription.deleted', session.customerId));
      } else if (form.action === 'switch') {
        const choice = form.price ? demo.catalogChoice(form.price) : undefined;
        if (!choice) throw new PageError(400, 'Choose one of the plans shown.');
        await demo.subscribe(session.customerId, choice.priceId);
        await billing.processEvent(demo.event('customer.subscription.updated', session.customerId));
      } else {
        throw new PageError(400, 'Choose Switch or Cancel.');
      }
      return reply.redirect(session.successUrl, 303);
    }),
  );
}

/** The demo provider and the signed-in seller, or a page saying why not. */
async function prepare(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { isForm?: boolean } = {},
): Promise<{ billing: BillingService; demo: DemoProvider; user: SessionUser }> {
  const billing = billingFor(app);
  if (!billing || billing.provider.kind !== 'demo') {
    throw new PageError(404, 'The demo checkout is not available on this server.');
  }
  if (options.isForm && !isSameSite(request, app.ctx.config.appUrl)) {
    throw new PageError(403, 'Cross-site requests are not allowed.');
  }
  const token = request.cookies[SESSION_COOKIE];
  const user = token ? await findSessionUser(app.ctx.db, token, app.ctx.clock.now()) : undefined;
  if (!user) throw new PageError(401, 'Log in to Thankly first, then start the checkout again.');
  return { billing, demo: billing.provider as DemoProvider, user };
}

async function openSession(
  demo: DemoProvider,
  query: unknown,
  kind: DemoSession['kind'],
  user: SessionUser,
): Promise<DemoSession> {
  const id = (query as { session?: unknown } | undefined)?.session;
  const session =
    typeof id === 'string' && id.length <= 200 ? await demo.findOpenSession(id, kind) : undefined;
  // Another seller's session reads as missing: nothing about it is revealed.
  if (!session || session.userId !== user.id) {
    throw new PageError(
      404,
      'This page has expired or does not exist. Start again from your account page.',
    );
  }
  return session;
}

function parseForm(body: unknown) {
  const parsed = formSchema.safeParse(body);
  if (!parsed.success)
    throw new PageError(400, 'This form is incomplete. Start again from your account page.');
  return parsed.data;
}

/**
 * Form posts must come from our own pages. Browsers say so in Sec-Fetch-Site; without it, the
 * Origin header decides (helmet's no-referrer policy makes some browsers send "null", refused).
 */
function isSameSite(request: FastifyRequest, appUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true; // Not a browser.
  const host = request.headers.host;
  return (
    origin === new URL(appUrl).origin ||
    (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`))
  );
}

/**
 * On a production server the demo acts on real accounts, so the page says plainly what pressing
 * its buttons does: the plan changes here, and no payment or subscription exists anywhere.
 */
function productionNotice(app: FastifyInstance, user: SessionUser, effect: string): string {
  if (app.ctx.config.env !== 'production') return '';
  return `<div class="warning" role="alert"><strong>This is a demo, not a payment.</strong>
    This production server runs the demo checkout (ALLOW_DEMO_CHECKOUT) instead of Stripe.
    Continuing ${e(effect)} on this server — your real account, ${e(user.email)} — without
    charging anything, and no subscription exists with any payment provider.</div>`;
}

function describe(choice: PriceChoice): string {
  return `${getPlan(choice.planId).name}, billed ${choice.interval === 'year' ? 'yearly' : 'monthly'}`;
}

function priceOf(choice: PriceChoice): string {
  const plan = getPlan(choice.planId);
  return choice.interval === 'year'
    ? `$${plan.priceYearly} / year`
    : `$${plan.priceMonthly} / month`;
}

async function render(
  reply: FastifyReply,
  build: () => Promise<string | FastifyReply>,
): Promise<string | FastifyReply> {
  reply.header('cache-control', 'no-store');
  try {
    const html = await build();
    if (typeof html !== 'string') return html;
    return reply.type('text/html; charset=utf-8').send(html);
  } catch (error) {
    if (!(error instanceof PageError)) throw error;
    return reply
      .status(error.status)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Demo checkout',
          `<p class="error">${e(error.message)}</p><p><a href="/Account">Back to your account</a></p>`,
        ),
      );
  }
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<title>${e(title)} — Thankly (demo, no real payment)</title>
<style>
  body { font-family: Inter, Roboto, Helvetica, Arial, sans-serif; color: #111; background: #f5f5f7; margin: 0; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  .banner { background: #fef3c7; color: #78350f; border-bottom: 1px solid #f59e0b; padding: .75rem 1rem; text-align: center; font-weight: 600; }
  .price { font-size: 1.5rem; font-weight: 700; }
  button { font: inherit; padding: .6rem 1.1rem; border-radius: 8px; border: 1px solid #d4d4d8; background: #fff; cursor: pointer; margin: .25rem .5rem .25rem 0; }
  button.primary { background: #4f46e5; color: #fff; border-color: #4f46e5; }
  button.danger { color: #b91c1c; border-color: #fca5a5; }
  .row { display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
  .confirm { background: #eef2ff; border-radius: 8px; padding: .5rem 1rem; }
  .error { color: #b91c1c; }
  .warning { background: #fee2e2; color: #7f1d1d; border: 1px solid #f87171; border-radius: 8px; padding: .75rem 1rem; margin-bottom: 1rem; }
</style>
</head>
<body>
<div class="banner" role="note">Demo checkout — no card is charged and no money moves. This Thankly server has no Stripe keys, so this page stands in for Stripe.</div>
<main>
${body}
</main>
</body>
</html>`;
}
