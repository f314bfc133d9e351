// Shared read-only previews (issue 38 point 3): a seller makes an expiring, revocable link to a
// template's published version; anyone holding it sees the email with sample order details, with
// no account, and nothing else.
import { createDefaultTemplate, sampleTokenValues } from '@thankly/email';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEmails, sharedPreviews, users } from '../../src/infrastructure/db/schema.ts';
import { runCleanup } from '../../src/cleanup-job.ts';
import { insertShop, orderEmailRow } from '../support/fixtures.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const DAY_MS = 86_400_000;
let offsetMs = 0;
/** The app's clock, moved forward by tests that need a link to expire. */
const clock = { now: () => new Date(Date.now() + offsetMs) };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(() => app?.close());

const { design } = createDefaultTemplate();

async function templateOf(client: TestClient, overrides: Record<string, unknown> = {}) {
  const created = await client.post('/api/templates', {
    name: 'Spring thanks',
    subject: 'Thank you, [customer-first-name]! Order [order-number]',
    preheader: '',
    language: 'en',
    design,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string };
}

async function share(client: TestClient, templateId: string, body: unknown = {}) {
  const made = await client.post(`/api/templates/${templateId}/shares`, body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as {
    share: { id: string; label: string; createdAt: string; expiresAt: string };
    url: string;
  };
}

/** The path part of a shared link, opened by a caller with no cookies at all. */
const pathOf = (url: string) => new URL(url).pathname;
const open = (url: string) => app.client().get<string>(pathOf(url));

/** The email inside the page's frame, as the browser reads the srcdoc attribute. */
function framedEmails(page: string): string[] {
  return [...page.matchAll(/<iframe [^>]*srcdoc="([^"]*)"/g)].map((m) =>
    m[1]!
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&'),
  );
}

function expectUnavailable(response: { status: number; body: string; headers: Headers }) {
  expect(response.status).toBe(404);
  expect(response.body).toContain('This preview link no longer works');
  expect(response.body).not.toContain('<iframe');
  expect(response.body).not.toMatch(/log ?in|sign ?in/i);
  expect(response.headers.get('set-cookie')).toBeNull();
  expect(response.headers.get('x-robots-tag')).toContain('noindex');
}

describe('shared previews', () => {
  test('a link opens the published email with sample details, without an account', async () => {
    const { client, user } = await app.seller();
    const { id } = await templateOf(client);
    const made = await share(client, id, { label: 'Print shop' });

    expect(made.share.label).toBe('Print shop');
    expect(made.url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const created = new Date(made.share.createdAt).getTime();
    expect(new Date(made.share.expiresAt).getTime() - created).toBe(7 * DAY_MS);

    const page = await open(made.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const emails = framedEmails(page.body);
    expect(emails).toHaveLength(2); // desktop and phone
    expect(emails[0]).toBe(emails[1]);
    expect(emails[0]).toContain(sampleTokenValues['customer-first-name']);
    expect(page.body).toContain(`Thank you, Alex! Order ${sampleTokenValues['order-number']}`);
    expect(page.body).toContain('Spring thanks');
    // The seller's own account address (the Reply-To of a buyer email) is not on the page.
    expect(page.body).not.toContain(user.email);

    const listed = await client.get(`/api/templates/${id}/shares`);
    expect(listed.status).toBe(200);
    expect(listed.body.shares).toEqual([made.share]);
  });

  test('the page shows exactly the email a test send delivers, never a draft', async () => {
    const { client, email } = await app.seller();
    const { id } = await templateOf(client);
    const made = await share(client, id);
    // A draft in the editor is not what buyers receive, so the link does not show it.
    const draft = await client.put(`/api/templates/${id}/draft`, {
      baseRevision: 0,
      content: {
        name: 'Spring thanks',
        subject: 'DRAFT SUBJECT',
        preheader: '',
        language: 'en',
        design,
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);

    const sent = await client.post(`/api/emails/test/${id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
    );

    const page = await open(made.url);
    expect(page.body).not.toContain('DRAFT SUBJECT');
    const normalise = (html: string) => html.replace(/\r\n/g, '\n').trim();
    expect(normalise(framedEmails(page.body)[0]!)).toBe(normalise(mail.html));
  });

  test('a real order of the seller never fills the preview', async () => {
    const { client, user } = await app.seller();
    const shop = await insertShop(app.ctx.db, user.id, { name: 'Fern Studio' });
    await app.ctx.db.insert(orderEmails).values(
      orderEmailRow(shop, {
        buyerName: 'Zebulon Quartermaine',
        buyerEmail: 'zebulon@example.net',
        orderNumber: 'REAL-77123',
        status: 'sent',
      }),
    );
    const { id } = await templateOf(client);
    const page = await open((await share(client, id)).url);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Zebulon');
    expect(page.body).not.toContain('REAL-77123');
    expect(page.body).toContain(sampleTokenValues['order-number']);
    // The seller's own shop is shown as their buyers see it.
    expect(page.body).toContain('Fern Studio');
  });

  test('the page sends no cookie, keeps the token out of caches, indexes and referrers', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const made = await share(client, id);
    // Opened by the seller themselves, session cookie and all: the answer is the same as anyone's.
    const page = await client.get<string>(pathOf(made.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow, noarchive');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow, noarchive">');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'none'");
    // The frame may not run script nor share this page's origin.
    for (const frame of page.body.match(/<iframe [^>]*>/g) ?? []) {
      expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
      expect(frame).toContain('referrerpolicy="no-referrer"');
    }
    expect(page.body).not.toContain('<script');
  });

  test('only the hash of a token is stored', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const made = await share(client, id);
    const token = pathOf(made.url).split('/').pop()!;
    const [row] = await app.ctx.db
      .select()
      .from(sharedPreviews)
      .where(eq(sharedPreviews.id, made.share.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Two links never share a token.
    const other = await share(client, id);
    expect(other.url).not.toBe(made.url);
  });

  test('a revoked link shows the friendly page and leaves the list', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const kept = await share(client, id, { label: 'Partner' });
    const gone = await share(client, id, { label: 'Print shop' });

    const revoked = await client.delete(`/api/templates/${id}/shares/${gone.share.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true });
    expectUnavailable(await open(gone.url));
    expect((await open(kept.url)).status).toBe(200);
    expect((await client.get(`/api/templates/${id}/shares`)).body.shares).toEqual([kept.share]);
    // Revoking twice names nothing.
    expect((await client.delete(`/api/templates/${id}/shares/${gone.share.id}`)).status).toBe(404);
  });

  test('an expired link shows the same page as a revoked or made-up one', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const day = await share(client, id, { expiresInDays: 1 });
    const month = await share(client, id, { expiresInDays: 30 });
    expect(
      new Date(month.share.expiresAt).getTime() - new Date(month.share.createdAt).getTime(),
    ).toBe(30 * DAY_MS);
    try {
      offsetMs = DAY_MS + 60_000;
      const expired = await open(day.url);
      expectUnavailable(expired);
      const madeUp = await app.client().get<string>(`/preview/${'A'.repeat(43)}`);
      expectUnavailable(madeUp);
      // One page for every reason: nothing tells a guesser which tokens ever existed.
      expect(expired.body).toBe(madeUp.body);
      expect((await open(month.url)).status).toBe(200);
      expect((await client.get(`/api/templates/${id}/shares`)).body.shares).toEqual([month.share]);
    } finally {
      offsetMs = 0;
    }
  });

  test('the hourly cleanup forgets expired and revoked links, and keeps those that work', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const day = await share(client, id, { expiresInDays: 1 });
    const revoked = await share(client, id);
    const month = await share(client, id, { expiresInDays: 30 });
    await client.delete(`/api/templates/${id}/shares/${revoked.share.id}`);
    const kept = async () =>
      (
        await app.ctx.db
          .select({ id: sharedPreviews.id })
          .from(sharedPreviews)
          .where(eq(sharedPreviews.templateId, id))
      )
        .map((row) => row.id)
        .sort();

    await runCleanup(app.ctx.db, new Date(Date.now() + DAY_MS - 60_000));
    expect(await kept()).toEqual([day.share.id, month.share.id].sort());
    await runCleanup(app.ctx.db, new Date(Date.now() + DAY_MS + 60_000));
    expect(await kept()).toEqual([month.share.id]);
    expect((await open(month.url)).status).toBe(200);
  });

  test('deleting the template, or an operator suspending the seller, ends its links', async () => {
    const deleting = await app.seller();
    const deleted = await templateOf(deleting.client);
    const ofDeleted = await share(deleting.client, deleted.id);
    expect((await deleting.client.delete(`/api/templates/${deleted.id}`)).status).toBe(200);
    expectUnavailable(await open(ofDeleted.url));

    const suspended = await app.seller();
    const kept = await templateOf(suspended.client);
    const ofSuspended = await share(suspended.client, kept.id);
    expect((await open(ofSuspended.url)).status).toBe(200);
    await app.ctx.db
      .update(users)
      .set({ sendingSuspendedAt: clock.now() })
      .where(eq(users.id, suspended.user.id));
    expectUnavailable(await open(ofSuspended.url));
  });

  test("another seller can neither list, make nor revoke a seller's links (404)", async () => {
    const owner = await app.seller();
    const other = await app.seller();
    const { id } = await templateOf(owner.client);
    const made = await share(owner.client, id);

    for (const response of [
      await other.client.get(`/api/templates/${id}/shares`),
      await other.client.post(`/api/templates/${id}/shares`, {}),
      await other.client.delete(`/api/templates/${id}/shares/${made.share.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(made.share.id);
    }
    // Nor through a template of their own.
    const theirs = await templateOf(other.client);
    const crossed = await other.client.delete(
      `/api/templates/${theirs.id}/shares/${made.share.id}`,
    );
    expect(crossed.status).toBe(404);
    expect((await open(made.url)).status).toBe(200);
    expect((await owner.client.get(`/api/templates/${id}/shares`)).body.shares).toHaveLength(1);
  });

  test('no session, no links: 401', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const anonymous = app.client();
    expect((await anonymous.get(`/api/templates/${id}/shares`)).status).toBe(401);
    expect((await anonymous.post(`/api/templates/${id}/shares`, {})).status).toBe(401);
  });

  test('hostile input is refused with a clear message and makes no link', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const refused = async (body: unknown, message: RegExp) => {
      const response = await client.post(`/api/templates/${id}/shares`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error).toMatch(message);
    };
    await refused({ expiresInDays: 31 }, /1, 7, 14, 30 days/);
    await refused({ expiresInDays: 0 }, /1, 7, 14, 30 days/);
    await refused({ expiresInDays: -7 }, /1, 7, 14, 30 days/);
    await refused({ expiresInDays: 7.5 }, /1, 7, 14, 30 days/);
    await refused({ expiresInDays: '7' }, /1, 7, 14, 30 days/);
    await refused({ expiresInDays: 1e308 }, /1, 7, 14, 30 days/);
    await refused({ label: 'x'.repeat(61) }, /under 60 characters/);
    await refused({ label: 'Print\u202eshop' }, /letters, numbers/);
    await refused({ label: 'a\u0000b' }, /letters, numbers/);
    await refused({ label: ['a'] }, /./);
    await refused({ tokenHash: 'f'.repeat(64) }, /./);
    await refused({ templateId: '00000000-0000-0000-0000-000000000000' }, /./);
    const notJson = await client.request('POST', `/api/templates/${id}/shares`, 'expiresInDays=7', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(notJson.status).toBe(415);
    // Ids that are not ids name nothing.
    expect((await client.get(`/api/templates/not-a-uuid/shares`)).status).toBe(404);
    expect((await client.delete(`/api/templates/${id}/shares/'%20OR%201=1`)).status).toBe(404);
    expect((await client.get(`/api/templates/${id}/shares`)).body.shares).toEqual([]);

    // A label is the seller's own text, kept as typed (trimmed) and never on the public page.
    const labelled = await share(client, id, { label: '  <b>Printer</b> "Fern" & co  ' });
    expect(labelled.share.label).toBe('<b>Printer</b> "Fern" & co');
    expect((await open(labelled.url)).body).not.toContain('Printer');
  });

  test('a template name and subject written as markup stay text on the page', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client, {
      name: '"><script>alert(1)</script>',
      subject: '</iframe><script>alert(2)</script>',
    });
    const page = await open((await share(client, id)).url);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body.match(/<iframe /g)).toHaveLength(2);
    expect(page.body.match(/<\/iframe>/g)).toHaveLength(2);
  });

  test('public addresses of any shape get the same page', async () => {
    for (const path of [
      '/preview/',
      '/preview/short',
      `/preview/${'A'.repeat(44)}`,
      `/preview/${'A'.repeat(5000)}`,
      `/preview/${'A'.repeat(42)}%00`,
      '/preview/..%2f..%2fapi%2fhealth',
      "/preview/' OR 1=1 --",
    ]) {
      const response = await app.client().get<string>(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toContain('This preview link no longer works');
    }
  });

  test('a template has at most 10 links that work at once', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await share(client, id));
    const eleventh = await client.post(`/api/templates/${id}/shares`, {});
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error).toMatch(/revoke one/);
    await client.delete(`/api/templates/${id}/shares/${made[0]!.share.id}`);
    await share(client, id);
  });
});

describe('shared preview lookups are rate limited', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      rateLimits: { sharedPreviewPerClient: { max: 3, windowMs: 60_000 } },
    });
  });
  afterAll(() => limited?.close());

  test('past the limit a client gets a friendly 429 page, even with a real link', async () => {
    const { client } = await limited.seller();
    const created = await client.post('/api/templates', {
      name: 'Limited',
      subject: 'Hi',
      preheader: '',
      language: 'en',
      design,
    });
    const made = await client.post(`/api/templates/${created.body.id}/shares`, {});
    const visitor = limited.client();
    const path = pathOf(made.body.url);
    for (let i = 0; i < 3; i++) {
      const seen = await visitor.get<string>(i === 0 ? '/preview/made-up' : path);
      expect(seen.status).toBe(i === 0 ? 404 : 200);
    }
    const blocked = await visitor.get<string>(path);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toContain('Too many requests');
    expect(blocked.body).not.toContain('<iframe');
    expect(blocked.headers.get('x-robots-tag')).toContain('noindex');
  });
});
