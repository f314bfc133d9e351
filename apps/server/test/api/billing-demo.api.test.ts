import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { createDefaultTemplate } from '@thankly/email';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/sessions.ts';
import { billingEvents, billingSubscriptions, users } from '../../src/infrastructure/db/schema.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function planOf(userId: string) {
  const [row] = await app.ctx.db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, userId));
  return row!.plan;
}

/** What a browser does with the demo page's form: a same-origin form post, redirects not followed. */
async function submitForm(
  client: TestClient,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const token = client.cookie(SESSION_COOKIE);
  const response = await fetch(app.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: app.url,
      ...(token && { cookie: `${SESSION_COOKIE}=${token}` }),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    text: await response.text(),
  };
}

/** A JSON post with a Host header of our choosing (fetch will not send one). */
function postWithHost(client: TestClient, path: string, host: string): Promise<{ url: string }> {
  const target = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(text) as { url: string }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

const sessionOf = (url: string) => new URL(url).searchParams.get('session')!;

async function paidSeller(planId: 'growth' | 'business' = 'growth') {
  const seller = await app.seller();
  const { body } = await seller.client.post('/api/billing/checkout', { planId, interval: 'month' });
  const paid = await submitForm(seller.client, '/billing/demo-checkout', {
    session: sessionOf(body.url),
    action: 'pay',
  });
  expect(paid.status).toBe(303);
  return seller;
}

describe('the local demo checkout (no Stripe keys)', () => {
  test('checkout leads to a clearly labelled local page that names the plan and price', async () => {
    const { client } = await app.seller();
    const response = await client.post('/api/billing/checkout', {
      planId: 'growth',
      interval: 'month',
    });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(
      new RegExp(`^${app.url}/billing/demo-checkout\\?session=cs_demo_[0-9a-f]{32}$`),
    );
    const page = await client.get(
      new URL(response.body.url).pathname + new URL(response.body.url).search,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('Demo checkout — no card is charged');
    expect(page.body).toContain('Subscribe to Growth, billed monthly');
    expect(page.body).toContain('$9 / month');
    expect(page.body).toMatch(/<button name="action" value="pay"/);
    expect(page.body).toMatch(/<button name="action" value="cancel"/);
  });

  test('paying changes the plan through the same event processing and sync as the webhook', async () => {
    const { client, user } = await app.seller();
    const { body } = await client.post('/api/billing/checkout', {
      planId: 'growth',
      interval: 'year',
    });
    const session = sessionOf(body.url);
    const paid = await submitForm(client, '/billing/demo-checkout', { session, action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${app.url}/billing/success?session_id=${session}`);
    expect(await planOf(user.id)).toBe('growth');
    expect((await client.get('/api/stats/daily')).body).toMatchObject({
      dailyLimit: 100,
      tempLimit: 20,
      planName: 'Growth',
    });
    // What the webhook path leaves behind, left behind here too.
    const events = await app.ctx.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.provider, 'demo'));
    expect(events.some((e) => e.type === 'checkout.session.completed')).toBe(true);
    const [mirror] = await app.ctx.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, user.id));
    expect(mirror).toMatchObject({
      provider: 'demo',
      status: 'active',
      planId: 'growth',
      interval: 'year',
    });

    // The page is spent: paying again does nothing.
    const again = await submitForm(client, '/billing/demo-checkout', { session, action: 'pay' });
    expect(again.status).toBe(404);
  });

  test('Account learns how the plan is billed and whether there is anything to manage', async () => {
    const { client } = await app.seller();
    expect((await client.get('/api/me')).body).toMatchObject({
      plan: 'free',
      billingInterval: null,
      canManageBilling: false,
    });
    // Starting a checkout makes a customer but no subscription: still nothing to manage.
    const { body } = await client.post('/api/billing/checkout', {
      planId: 'growth',
      interval: 'year',
    });
    expect((await client.get('/api/me')).body.canManageBilling).toBe(false);

    await submitForm(client, '/billing/demo-checkout', {
      session: sessionOf(body.url),
      action: 'pay',
    });
    expect((await client.get('/api/me')).body).toMatchObject({
      plan: 'growth',
      billingInterval: 'year',
      canManageBilling: true,
    });
  });

  test('without APP_URL, a checkout started on 127.0.0.1 returns to 127.0.0.1 (where the session is)', async () => {
    const config = app.ctx.config;
    const saved = { appUrl: config.appUrl, appUrlConfigured: config.appUrlConfigured };
    // The embedded default names localhost, while this browser is on 127.0.0.1.
    config.appUrl = app.url.replace('127.0.0.1', 'localhost');
    config.appUrlConfigured = false;
    try {
      const { client, user } = await app.seller();
      const { body } = await client.post('/api/billing/checkout', {
        planId: 'growth',
        interval: 'year',
      });
      expect(body.url.startsWith(`${app.url}/billing/demo-checkout?session=`)).toBe(true);
      const session = sessionOf(body.url);
      const paid = await submitForm(client, '/billing/demo-checkout', { session, action: 'pay' });
      expect(paid.location).toBe(`${app.url}/billing/success?session_id=${session}`);
      expect(await planOf(user.id)).toBe('growth');
      const portal = await client.post('/api/billing/portal', {});
      expect(portal.body.url.startsWith(`${app.url}/billing/demo-portal?session=`)).toBe(true);

      // A Host that is not a plain host[:port] is not echoed into the link.
      const hostile = await postWithHost(client, '/api/billing/portal', 'localhost@evil.example');
      expect(hostile.url.startsWith(`${config.appUrl}/billing/demo-portal?session=`)).toBe(true);

      // A configured APP_URL wins over whatever the browser asked for.
      config.appUrlConfigured = true;
      const configured = await client.post('/api/billing/portal', {});
      expect(configured.body.url.startsWith(`${config.appUrl}/billing/demo-portal`)).toBe(true);
    } finally {
      Object.assign(config, saved);
    }
  });

  test('cancelling returns to the cancel page and changes nothing', async () => {
    const { client, user } = await app.seller();
    const { body } = await client.post('/api/billing/checkout', {
      planId: 'business',
      interval: 'month',
    });
    const cancelled = await submitForm(client, '/billing/demo-checkout', {
      session: sessionOf(body.url),
      action: 'cancel',
    });
    expect(cancelled).toMatchObject({ status: 303, location: `${app.url}/billing/cancel` });
    expect(await planOf(user.id)).toBe('free');
  });

  test('only the seller who started a checkout can see or pay it, and only from our own pages', async () => {
    const { client, user } = await app.seller();
    const { body } = await client.post('/api/billing/checkout', {
      planId: 'growth',
      interval: 'month',
    });
    const path = new URL(body.url).pathname + new URL(body.url).search;
    expect((await app.client().get(path)).status).toBe(401);
    const other = await app.seller();
    expect((await other.client.get(path)).status).toBe(404);
    const session = sessionOf(body.url);
    expect(
      (await submitForm(other.client, '/billing/demo-checkout', { session, action: 'pay' })).status,
    ).toBe(404);
    const crossSite = await submitForm(
      client,
      '/billing/demo-checkout',
      { session, action: 'pay' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const fetchMetadata = await submitForm(
      client,
      '/billing/demo-checkout',
      { session, action: 'pay' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchMetadata.status).toBe(403);
    expect(
      (await submitForm(client, '/billing/demo-checkout', { session, action: 'steal' })).status,
    ).toBe(400);
    expect((await client.get('/billing/demo-checkout?session=nope')).status).toBe(404);
    expect(await planOf(user.id)).toBe('free');
  });

  test('the demo portal switches plans and cancels, through the same sync', async () => {
    const seller = await paidSeller('growth');
    const portal = await seller.client.post('/api/billing/portal', {});
    expect(portal.body.url).toMatch(
      new RegExp(`^${app.url}/billing/demo-portal\\?session=bps_demo_`),
    );
    const session = sessionOf(portal.body.url);
    const page = await seller.client.get(`/billing/demo-portal?session=${session}`);
    expect(page.body).toContain('Demo checkout — no card is charged');
    expect(page.body).toContain('Growth, billed monthly');

    const switched = await submitForm(seller.client, '/billing/demo-portal', {
      session,
      action: 'switch',
      price: 'demo_business_year',
    });
    expect(switched).toMatchObject({ status: 303, location: `${app.url}/Account` });
    expect(await planOf(seller.user.id)).toBe('business');

    const { design } = createDefaultTemplate();
    for (const name of ['A', 'B']) {
      await seller.client.post('/api/templates', { name, subject: '', html: '', design });
    }
    const cancelled = await submitForm(seller.client, '/billing/demo-portal', {
      session,
      action: 'cancel',
    });
    expect(cancelled.status).toBe(303);
    expect(await planOf(seller.user.id)).toBe('free');
    expect((await seller.client.get('/api/templates/')).body.templates).toHaveLength(2);
    expect(
      (await seller.client.post('/api/templates', { name: 'C', subject: '', html: '', design }))
        .status,
    ).toBe(403);
  });

  test('choosing another plan while paying proposes the switch in the portal', async () => {
    const seller = await paidSeller('growth');
    const response = await seller.client.post('/api/billing/checkout', {
      planId: 'business',
      interval: 'month',
    });
    expect(response.body.url).toContain('/billing/demo-portal?session=');
    const page = await seller.client.get(
      new URL(response.body.url).pathname + new URL(response.body.url).search,
    );
    expect(page.body).toContain('Switch to <strong>Business, billed monthly</strong>');
    expect(page.body).toContain('Confirm switch');
  });

  test('registration’s checkout goes to the demo checkout too; the Stripe webhook is off', async () => {
    const { client } = await app.seller();
    const response = await client.post('/api/stripe/create-checkout-session', { plan: 'Business' });
    expect(response.status).toBe(200);
    expect(response.body.url).toContain('/billing/demo-checkout?session=');
    const webhook = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).toBe(404);
  });
});

describe('the demo checkout in production', () => {
  const production = {
    NODE_ENV: 'production',
    APP_SECRET: 'p'.repeat(40),
    // Production refuses to start without an https APP_URL and a real sender domain.
    APP_URL: 'https://app.thankly.io',
    MAIL_FROM: 'Thankly <notes@mail.thankly.io>',
    SUPPORT_EMAIL: 'support@thankly.io',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    // The other outside services are configured, so only billing lacks its keys.
    ETSY_KEYSTRING: 'keystring',
    ETSY_SHARED_SECRET: 'shared-secret',
  };

  test('is refused unless ALLOW_DEMO_CHECKOUT enables it; the other stand-in flags do not', async () => {
    const refused = await startTestApp({}, { env: { ...production, ALLOW_DEMO_SHOP: 'true' } });
    try {
      const { client } = await refused.seller();
      const response = await client.post('/api/billing/checkout', {
        planId: 'growth',
        interval: 'month',
      });
      expect(response.status).toBe(503);
      expect(response.body.error).toBe('Card payments are not set up on this server.');
      const page = await client.get('/billing/demo-checkout?session=cs_demo_x');
      expect(page.status).toBe(404);
      expect(page.body).toContain('not available on this server');
    } finally {
      await refused.close();
    }
  });

  test('when enabled, every page says plainly that a real account changes plan without payment', async () => {
    const allowed = await startTestApp({}, { env: { ...production, ALLOW_DEMO_CHECKOUT: 'true' } });
    try {
      const { client, email, user } = await allowed.seller();
      const response = await client.post('/api/billing/checkout', {
        planId: 'growth',
        interval: 'month',
      });
      expect(response.status).toBe(200);
      expect(response.body.url).toContain('/billing/demo-checkout?session=');
      const url = new URL(response.body.url);
      const page = await client.get(url.pathname + url.search);
      expect(page.body).toContain('This is a demo, not a payment.');
      expect(page.body).toContain('ALLOW_DEMO_CHECKOUT');
      const plainly = page.body.replace(/\s+/g, ' ');
      expect(plainly).toContain(
        `Continuing moves your account to Growth on this server — your real account, ${email} — without charging anything`,
      );
      expect(page.body).toContain('Demo checkout — no card is charged');

      const token = client.cookie(SESSION_COOKIE)!;
      const paid = await fetch(`${allowed.url}/billing/demo-checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: allowed.url,
          cookie: `${SESSION_COOKIE}=${token}`,
        },
        body: new URLSearchParams({
          session: sessionOf(response.body.url),
          action: 'pay',
        }).toString(),
      });
      expect(paid.status).toBe(303);
      const [row] = await allowed.ctx.db
        .select({ plan: users.plan })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row!.plan).toBe('growth');

      const portal = await client.post('/api/billing/portal', {});
      const portalUrl = new URL(portal.body.url);
      const portalPage = await client.get(portalUrl.pathname + portalUrl.search);
      expect(portalPage.body).toContain('This is a demo, not a payment.');
    } finally {
      await allowed.close();
    }
  });

  test('outside production the pages carry the demo banner without the production warning', async () => {
    const { client } = await app.seller();
    const { body } = await client.post('/api/billing/checkout', {
      planId: 'growth',
      interval: 'month',
    });
    const url = new URL(body.url);
    const page = await client.get(url.pathname + url.search);
    expect(page.body).toContain('Demo checkout — no card is charged');
    expect(page.body).not.toContain('This is a demo, not a payment.');
  });
});
