// Version history (issue 38 point 2): every publish is a version with its author; any version can
// be read, restored as a new version and the restore undone once; the newest 50 are kept; sent
// emails (thank-you, journey steps, dated templates) record the version they were made from.
import { TEMPLATE_VERSIONS_KEPT, THANK_YOU_STEP } from '@thankly/api-contract';
import { createDefaultTemplate } from '@thankly/email';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { orderEmails, templates, users } from '../../src/infrastructure/db/schema.ts';
import type { MarketplaceOrder } from '../../src/orders/marketplace-order.ts';
import { recordOrder } from '../../src/orders/record-order.ts';
import { connectDemoShop } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

// Early March 2026, so a dated template for March is in effect.
const START = Date.parse('2026-03-03T10:00:00Z');
const realStart = Date.now();
// Runs with real time (the dispatcher waits in it) and can be moved on without sleeping.
let skippedMs = 0;
const clock = {
  now: () => new Date(START + skippedMs + (Date.now() - realStart)),
  advance: (ms: number) => {
    skippedMs += ms;
  },
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock, dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

const { design } = createDefaultTemplate();
const content = (overrides: Record<string, unknown> = {}) => ({
  name: 'Thanks',
  subject: 'Thank you!',
  preheader: '',
  language: 'en',
  design,
  sendConditions: { enabled: false, startDate: '', endDate: '' },
  ...overrides,
});

interface Summary {
  id: string;
  number: number;
  kind: string;
  restoredFrom: number | null;
  undoneAt: string | null;
  isLive: boolean;
  canUndo: boolean;
  authorName: string;
  authorEmail: string;
  subject: string;
}

async function created(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/templates', content(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

async function publish(client: TestClient, id: string, subject: string) {
  const response = await client.put(`/api/templates/${id}`, content({ subject }));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function versions(client: TestClient, id: string) {
  const response = await client.get(`/api/templates/${id}/versions`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { templateName: string; versions: Summary[] };
}

const liveSubject = async (client: TestClient, id: string) =>
  ((await client.get(`/api/templates/${id}`)).body as { subject: string }).subject;

describe('template versions', () => {
  test('every publish is a version, newest first, with its author; one is live', async () => {
    const { client, email } = await app.seller({ name: 'Grace Hopper' });
    const { id } = await created(client, { subject: 'First' });
    await publish(client, id, 'Second');
    await publish(client, id, 'Third');

    const list = await versions(client, id);
    expect(list.templateName).toBe('Thanks');
    expect(list.versions.map((v) => [v.number, v.subject, v.isLive, v.kind])).toEqual([
      [3, 'Third', true, 'publish'],
      [2, 'Second', false, 'publish'],
      [1, 'First', false, 'publish'],
    ]);
    expect(list.versions[0]).toMatchObject({ authorName: 'Grace Hopper', authorEmail: email });

    // Read-only view: the version in full, as it was published.
    const first = await client.get(`/api/templates/${id}/versions/${list.versions[2]!.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ number: 1, subject: 'First', isLive: false });
    expect(first.body.html).toContain('<!DOCTYPE');
    expect(first.body.design.blocks.length).toBe(design.blocks.length);

    // The thumbnail's document: the stored HTML, sandboxed by its own header.
    const html = await client.request(
      'GET',
      `/api/templates/${id}/versions/${list.versions[2]!.id}/html`,
    );
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox;.*default-src 'none'/);
  });

  test('restore publishes an older version as a new one; its one undo brings back what was live', async () => {
    const { client } = await app.seller();
    const { id } = await created(client, { subject: 'One' });
    await publish(client, id, 'Two');
    await publish(client, id, 'Three');
    const [three, , one] = (await versions(client, id)).versions;
    // A draft is set aside by a restore, as a Save ends it; the undo brings it back.
    await client.put(`/api/templates/${id}/draft`, {
      baseRevision: 0,
      content: content({ subject: 'Draft' }),
    });

    const restored = await client.post(`/api/templates/${id}/versions/${one!.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.live).toMatchObject({
      number: 4,
      kind: 'restore',
      restoredFrom: 1,
      isLive: true,
      canUndo: true,
    });
    expect(await liveSubject(client, id)).toBe('One');
    expect((await client.get(`/api/templates/${id}/draft`)).body.draft).toBeNull();

    // Restoring what is live already changes nothing.
    const again = await client.post(
      `/api/templates/${id}/versions/${restored.body.live.id}/restore`,
    );
    expect(again.status).toBe(409);
    expect((await versions(client, id)).versions).toHaveLength(4);

    const undone = await client.post(
      `/api/templates/${id}/versions/${restored.body.live.id}/undo-restore`,
    );
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.live).toMatchObject({ id: three!.id, number: 3, isLive: true });
    expect(await liveSubject(client, id)).toBe('Three');
    expect((await client.get(`/api/templates/${id}/draft`)).body.draft).toMatchObject({
      content: { subject: 'Draft' },
    });
    const after = (await versions(client, id)).versions;
    expect(after.map((v) => [v.number, v.isLive, v.undoneAt !== null, v.canUndo])).toEqual([
      [4, false, true, false],
      [3, true, false, false],
      [2, false, false, false],
      [1, false, false, false],
    ]);
    // One undo step only.
    const twice = await client.post(
      `/api/templates/${id}/versions/${restored.body.live.id}/undo-restore`,
    );
    expect(twice.status).toBe(409);
    expect(await liveSubject(client, id)).toBe('Three');
  });

  test('a restore published over cannot be undone; a version that is no restore has no undo', async () => {
    const { client } = await app.seller();
    const { id } = await created(client, { subject: 'One' });
    await publish(client, id, 'Two');
    const [two, one] = (await versions(client, id)).versions;
    const restored = await client.post(`/api/templates/${id}/versions/${one!.id}/restore`);
    await publish(client, id, 'Newer work');
    const undo = await client.post(
      `/api/templates/${id}/versions/${restored.body.live.id}/undo-restore`,
    );
    expect(undo.status).toBe(409);
    expect(undo.body.error).toMatch(/no longer be undone/);
    expect(await liveSubject(client, id)).toBe('Newer work');
    expect(
      (await client.post(`/api/templates/${id}/versions/${two!.id}/undo-restore`)).status,
    ).toBe(409);
  });

  test(`the newest ${TEMPLATE_VERSIONS_KEPT} versions are kept; older ones are gone`, async () => {
    const { client } = await app.seller();
    const { id } = await created(client, { subject: 'v1' });
    const firstId = (await versions(client, id)).versions[0]!.id;
    for (let n = 2; n <= TEMPLATE_VERSIONS_KEPT + 5; n++) await publish(client, id, `v${n}`);
    const list = (await versions(client, id)).versions;
    expect(list).toHaveLength(TEMPLATE_VERSIONS_KEPT);
    expect(list[0]).toMatchObject({ number: TEMPLATE_VERSIONS_KEPT + 5, isLive: true });
    expect(list.at(-1)!.number).toBe(6);
    const gone = await client.get(`/api/templates/${id}/versions/${firstId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/last 50 versions/);
    // A restore counts as a publish: still 50.
    await client.post(`/api/templates/${id}/versions/${list.at(-1)!.id}/restore`);
    const afterRestore = (await versions(client, id)).versions;
    expect(afterRestore).toHaveLength(TEMPLATE_VERSIONS_KEPT);
    expect(afterRestore[0]).toMatchObject({ restoredFrom: 6, isLive: true });
    expect(afterRestore.at(-1)!.number).toBe(7);
  });

  test("another seller's template or version is not found, and nothing changes", async () => {
    const owner = await app.seller();
    const other = await app.seller();
    const { id } = await created(owner.client, { subject: 'Mine' });
    await publish(owner.client, id, 'Mine too');
    const [, first] = (await versions(owner.client, id)).versions;
    const theirs = await created(other.client);
    const paths = [
      `/api/templates/${id}/versions`,
      `/api/templates/${id}/versions/${first!.id}`,
      `/api/templates/${id}/versions/${first!.id}/html`,
      // Their own template id with my version id: the version is not theirs either.
      `/api/templates/${theirs.id}/versions/${first!.id}`,
      `/api/templates/${theirs.id}/versions/${first!.id}/html`,
    ];
    for (const path of paths) expect((await other.client.get(path)).status, path).toBe(404);
    for (const path of [
      `/api/templates/${id}/versions/${first!.id}/restore`,
      `/api/templates/${theirs.id}/versions/${first!.id}/restore`,
      `/api/templates/${id}/versions/${first!.id}/undo-restore`,
    ])
      expect((await other.client.post(path)).status, path).toBe(404);
    expect(await liveSubject(owner.client, id)).toBe('Mine too');
    expect((await versions(owner.client, id)).versions).toHaveLength(2);
    expect((await app.client().get(`/api/templates/${id}/versions`)).status).toBe(401);
  });

  test('hostile ids and bodies: not found or refused, and nothing changes', async () => {
    const { client, user } = await app.seller();
    await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, user.id));
    const { id } = await created(client, { subject: 'Safe' });
    const other = await created(client, { name: 'Other', subject: 'Other' });
    const [otherVersion] = (await versions(client, other.id)).versions;
    const hostile = [
      'not-a-uuid',
      "1' OR '1'='1",
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '00000000-0000-0000-0000-000000000000',
      'x'.repeat(5000),
    ];
    // Not found, or for an id longer than any route takes, refused as too long (414).
    const refused = (status: number) => status === 404 || status === 414;
    for (const bad of hostile) {
      for (const path of [
        `/api/templates/${bad}/versions`,
        `/api/templates/${id}/versions/${bad}`,
        `/api/templates/${id}/versions/${bad}/html`,
      ])
        expect(refused((await client.get(path)).status), path).toBe(true);
      for (const path of [
        `/api/templates/${id}/versions/${bad}/restore`,
        `/api/templates/${id}/versions/${bad}/undo-restore`,
      ])
        expect(refused((await client.post(path)).status), path).toBe(true);
    }
    // A version of the seller's other template is not a version of this one.
    expect(
      (await client.post(`/api/templates/${id}/versions/${otherVersion!.id}/restore`)).status,
    ).toBe(404);
    // A body is not read: fields in it cannot choose what gets published.
    const [live] = (await versions(client, id)).versions;
    await publish(client, id, 'Later');
    const withBody = await client.post(`/api/templates/${id}/versions/${live!.id}/restore`, {
      subject: '<script>alert(1)</script>',
      design: { blocks: [{ type: 'marquee' }] },
    });
    expect(withBody.status).toBe(200);
    expect(await liveSubject(client, id)).toBe('Safe');
    // Not JSON: refused before anything happens.
    const notJson = await client.request(
      'POST',
      `/api/templates/${id}/versions/${live!.id}/restore`,
      'x=1',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(notJson.status).toBe(415);
    expect((await versions(client, id)).versions).toHaveLength(3);
  });

  test('a brand restyle and its undo are recorded as versions', async () => {
    const { client } = await app.seller();
    const { id } = await created(client);
    expect((await client.put('/api/brand', { primaryColor: '#7c3aed' })).status).toBe(200);
    const restyle = await client.post('/api/brand/restyle', {});
    expect(restyle.body.restyled, JSON.stringify(restyle.body)).toBe(1);
    expect((await versions(client, id)).versions[0]).toMatchObject({
      kind: 'restyle',
      isLive: true,
      number: 2,
    });
    const undo = await client.post(`/api/brand/restyle/${restyle.body.restyleId}/undo`, {});
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await versions(client, id)).versions[0]).toMatchObject({
      kind: 'restyle-undo',
      isLive: true,
      number: 3,
    });
  });
});

describe('sent emails record their version', () => {
  let sequence = 0;
  function paidOrder(email: string, over: Partial<MarketplaceOrder> = {}): MarketplaceOrder {
    const now = clock.now().toISOString();
    sequence += 1;
    return {
      externalId: `versions-${sequence}`,
      orderNumber: `V${sequence}`,
      isPaid: true,
      buyerName: 'Bo Buyer',
      buyerFirstName: null,
      buyerLastName: null,
      buyerEmail: email,
      createdAt: now,
      updatedAt: now,
      productTitles: ['Blue mug'],
      total: { amount: 4500, divisor: 100, currency: 'USD' },
      trackingUrl: null,
      ...over,
    };
  }

  function rowsOf(shopId: string, order: MarketplaceOrder, done: (n: number) => boolean) {
    return vi.waitFor(
      async () => {
        const rows = await app.ctx.db
          .select()
          .from(orderEmails)
          .where(
            and(
              eq(orderEmails.shopId, shopId),
              eq(orderEmails.marketplaceOrderId, order.externalId),
            ),
          );
        const decided = rows.filter((r) => r.status === 'sent' || r.status === 'skipped');
        if (!done(decided.length)) throw new Error(`not decided: ${JSON.stringify(rows)}`);
        return rows;
      },
      { timeout: 20_000, interval: 100 },
    );
  }

  test('the thank-you, a dated template and a journey step each record the version used, and the feed names it', async () => {
    const { client, email, user } = await app.seller();
    await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, user.id));
    const thanks = await created(client, { name: 'Thanks', subject: 'Thanks v1' });
    await client.post(`/api/templates/selectors/select/${thanks.id}`);
    await publish(client, thanks.id, 'Thanks v2');
    const followUp = await created(client, { name: 'On its way', subject: 'Shipped' });
    const journey = await client.put('/api/journey', {
      timeZone: 'UTC',
      steps: [
        {
          name: 'On its way',
          templateId: followUp.id,
          trigger: 'shipped',
          delay: { amount: 0, unit: 'hours' },
        },
      ],
    });
    expect(journey.status, JSON.stringify(journey.body)).toBe(200);
    const shop = await connectDemoShop(app, client);
    // The orders come a moment after the journey step was added, as they would in use.
    clock.advance(1100);

    const first = paidOrder(email);
    if (await recordOrder(app.ctx.db, { id: shop.id, userId: user.id }, first, clock.now()))
      app.ctx.notifyNewOrders();
    const [thankYouRow] = await rowsOf(shop.id, first, (n) => n >= 1);
    const thanksVersions = (await versions(client, thanks.id)).versions;
    expect(thankYouRow).toMatchObject({
      status: 'sent',
      templateId: thanks.id,
      templateVersionId: thanksVersions[0]!.id,
      templateVersion: 2,
    });

    // The order ships: the journey step's email records its template's version.
    const shipped = {
      ...first,
      shippedAt: clock.now().toISOString(),
      updatedAt: new Date(clock.now().getTime() + 1000).toISOString(),
      trackingUrl: 'https://track.example/1',
      trackingNumber: '1',
    };
    if (await recordOrder(app.ctx.db, { id: shop.id, userId: user.id }, shipped, clock.now()))
      app.ctx.notifyNewOrders();
    const rows = await rowsOf(shop.id, first, (n) => n >= 2);
    const stepRow = rows.find((r) => r.stepKey !== THANK_YOU_STEP)!;
    const [followUpVersion] = (await versions(client, followUp.id)).versions;
    expect(stepRow).toMatchObject({
      status: 'sent',
      templateVersionId: followUpVersion!.id,
      templateVersion: 1,
    });

    // The feed links both to their versions.
    const { items } = (await client.get('/api/activity')).body as {
      items: Array<{ templateVersion: unknown; steps: Array<{ templateVersion: unknown }> }>;
    };
    expect(items[0]!.templateVersion).toEqual({
      templateId: thanks.id,
      versionId: thanksVersions[0]!.id,
      number: 2,
    });
    expect(items[0]!.steps[0]!.templateVersion).toEqual({
      templateId: followUp.id,
      versionId: followUpVersion!.id,
      number: 1,
    });

    // A dated template for March is in effect: its version is the one recorded.
    const dated = await created(client, {
      name: 'March',
      subject: 'March v1',
      sendConditions: { enabled: true, startDate: '2026-03-01', endDate: '2026-03-31' },
    });
    const [datedVersion] = (await versions(client, dated.id)).versions;
    const second = paidOrder(email);
    if (await recordOrder(app.ctx.db, { id: shop.id, userId: user.id }, second, clock.now()))
      app.ctx.notifyNewOrders();
    const [secondRow] = (await rowsOf(shop.id, second, (n) => n >= 1)).filter(
      (r) => r.stepKey === THANK_YOU_STEP,
    );
    expect(secondRow).toMatchObject({
      templateId: dated.id,
      templateVersionId: datedVersion!.id,
      templateVersion: 1,
    });
    const mail = app.mail.messages.filter((m) => m.to.includes(email)).map((m) => m.subject);
    expect(mail).toEqual(expect.arrayContaining(['Thanks v2', 'Shipped', 'March v1']));
  });

  test('every template has a live version, and the template row names it', async () => {
    const { client } = await app.seller();
    const { id } = await created(client);
    const [row] = await app.ctx.db
      .select({ currentVersionId: templates.currentVersionId })
      .from(templates)
      .where(and(eq(templates.id, id), ne(templates.name, '')));
    expect(row!.currentVersionId).toBe((await versions(client, id)).versions[0]!.id);
  });
});
