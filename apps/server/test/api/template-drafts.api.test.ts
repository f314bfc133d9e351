// Autosaved drafts (issue 38 point 1): kept per template apart from the published one, guarded by
// a revision so an older copy never overwrites a newer draft, and never what buyers receive.
import { createDefaultTemplate } from '@thankly/email';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

const { design } = createDefaultTemplate();
const content = (overrides: Record<string, unknown> = {}) => ({
  name: 'Thanks',
  subject: 'Thank you, [customer-first-name|friend]!',
  preheader: '',
  language: 'en',
  design,
  sendConditions: { enabled: false, startDate: '', endDate: '' },
  ...overrides,
});

async function templateOf(client: TestClient, overrides: Record<string, unknown> = {}) {
  const created = await client.post('/api/templates', { ...content(), ...overrides });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string };
}

async function list(client: TestClient) {
  return (await client.get('/api/templates/')).body.templates as Array<{
    id: string;
    subject: string;
    hasDraftChanges: boolean;
  }>;
}

describe('template drafts', () => {
  test('a draft is kept per template and does not change the published template', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    expect((await client.get(`/api/templates/${id}/draft`)).body).toEqual({ draft: null });
    expect((await list(client))[0]!.hasDraftChanges).toBe(false);

    const saved = await client.put(`/api/templates/${id}/draft`, {
      baseRevision: 0,
      content: content({ subject: 'Draft subject' }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ revision: 1, content: { subject: 'Draft subject' } });

    const again = await client.put(`/api/templates/${id}/draft`, {
      baseRevision: 1,
      content: content({ subject: 'Draft subject 2' }),
    });
    expect(again.body.revision).toBe(2);
    expect((await client.get(`/api/templates/${id}/draft`)).body.draft).toMatchObject({
      revision: 2,
      content: { subject: 'Draft subject 2' },
    });
    expect((await client.get(`/api/templates/${id}`)).body.subject).toBe(
      'Thank you, [customer-first-name|friend]!',
    );
    expect((await list(client))[0]).toMatchObject({ hasDraftChanges: true });
  });

  test('a draft equal to the published template is not reported as a change', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    await client.put(`/api/templates/${id}/draft`, { baseRevision: 0, content: content() });
    expect((await list(client))[0]!.hasDraftChanges).toBe(false);
  });

  test('publishing takes the draft live and removes it; discarding goes back to the published one', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    await client.put(`/api/templates/${id}/draft`, {
      baseRevision: 0,
      content: content({ subject: 'Published later' }),
    });
    const published = await client.put(
      `/api/templates/${id}`,
      content({ subject: 'Published later' }),
    );
    expect(published.status).toBe(200);
    expect((await client.get(`/api/templates/${id}/draft`)).body.draft).toBeNull();
    expect((await list(client))[0]).toMatchObject({
      subject: 'Published later',
      hasDraftChanges: false,
    });

    await client.put(`/api/templates/${id}/draft`, {
      baseRevision: 0,
      content: content({ subject: 'Never mind' }),
    });
    expect((await client.delete(`/api/templates/${id}/draft`)).body).toEqual({ ok: true });
    expect((await client.get(`/api/templates/${id}/draft`)).body.draft).toBeNull();
  });

  test('a template never published keeps one draft per seller under "new", removed on create', async () => {
    const { client } = await app.seller();
    const saved = await client.put('/api/templates/new/draft', {
      baseRevision: 0,
      content: content({ name: '' }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Not a template: it is not listed, cannot be selected and takes no template slot.
    expect(await list(client)).toEqual([]);
    expect((await client.get('/api/templates/new/draft')).body.draft).toMatchObject({
      revision: 1,
      content: { name: '' },
    });
    await templateOf(client);
    expect((await client.get('/api/templates/new/draft')).body.draft).toBeNull();
  });

  test('a save from an older revision is refused with the newer draft, and never overwrites it', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const path = `/api/templates/${id}/draft`;
    await client.put(path, { baseRevision: 0, content: content({ subject: 'First' }) });
    await client.put(path, { baseRevision: 1, content: content({ subject: 'Newer' }) });

    const late = await client.put(path, { baseRevision: 1, content: content({ subject: 'Late' }) });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/changed in another window/);
    expect(late.body.draft).toMatchObject({ revision: 2, content: { subject: 'Newer' } });

    const fresh = await client.put(path, {
      baseRevision: 0,
      content: content({ subject: 'Fresh' }),
    });
    expect(fresh.status).toBe(409);
    const ahead = await client.put(path, { baseRevision: 9, content: content() });
    expect(ahead.status).toBe(409);
    expect((await client.get(path)).body.draft.content.subject).toBe('Newer');

    // Two saves racing from the same revision: exactly one is taken.
    const racing = await Promise.all(
      ['A', 'B', 'C'].map((subject) =>
        client.put(path, { baseRevision: 2, content: content({ subject }) }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  test("another seller's template and draft are not found", async () => {
    const owner = await app.seller();
    const other = await app.seller();
    const { id } = await templateOf(owner.client);
    await owner.client.put(`/api/templates/${id}/draft`, { baseRevision: 0, content: content() });
    const path = `/api/templates/${id}/draft`;
    expect((await other.client.get(path)).status).toBe(404);
    expect((await other.client.put(path, { baseRevision: 1, content: content() })).status).toBe(
      404,
    );
    expect((await other.client.delete(path)).status).toBe(404);
    expect((await owner.client.get(path)).body.draft.revision).toBe(1);
    // Each seller's "new" draft is their own.
    await owner.client.put('/api/templates/new/draft', { baseRevision: 0, content: content() });
    expect((await other.client.get('/api/templates/new/draft')).body.draft).toBeNull();
    expect((await app.client().get(path)).status).toBe(401);
  });

  test('hostile input: oversized, invalid design, wrong revision, unknown key', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    const path = `/api/templates/${id}/draft`;
    const huge = {
      ...design,
      blocks: Array.from({ length: 400 }, (_, i) => ({
        id: `t${i}`,
        type: 'text',
        props: { html: `<p>${'x'.repeat(2000)}</p>` },
      })),
    };
    const oversized = await client.put(path, {
      baseRevision: 0,
      content: content({ design: huge }),
    });
    expect(oversized.status).toBe(400);
    expect(JSON.stringify(oversized.body)).toMatch(/too large|limit/i);

    const invalid = await client.put(path, {
      baseRevision: 0,
      content: content({ design: { global: {}, blocks: [{ type: 'marquee' }] } }),
    });
    expect(invalid.status).toBe(400);
    for (const baseRevision of [-1, 1.5, '1', null]) {
      expect((await client.put(path, { baseRevision, content: content() })).status).toBe(400);
    }
    expect((await client.put(path, { content: content() })).status).toBe(400);
    expect(
      (await client.put(path, { baseRevision: 0, content: content({ name: 'x'.repeat(500) }) }))
        .status,
    ).toBe(400);
    expect((await client.get('/api/templates/not-a-key/draft')).status).toBe(404);
    expect((await client.get(path)).body.draft).toBeNull();

    // Rich text is sanitised in a draft too: the editor shows it back.
    const scripted = {
      ...design,
      blocks: [{ id: 'x1', type: 'text', props: { html: '<p>Hi<script>alert(1)</script></p>' } }],
    };
    const saved = await client.put(path, {
      baseRevision: 0,
      content: content({ design: scripted }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body.content.design)).not.toContain('script');
  });

  test('a draft never reaches a buyer: sending uses the published template until Save', async () => {
    const { client, email } = await app.seller({ name: 'Grace' });
    const { id } = await selectDefaultTemplate(client, {
      subject: 'Published, [customer-first-name]',
    });
    await client.put(`/api/templates/${id}/draft`, {
      baseRevision: 0,
      content: content({ subject: 'DRAFT ONLY' }),
    });
    const shop = await connectDemoShop(app, client);
    await client.post(`/api/shops/${shop.id}/demo-order`);
    await waitForActivity(client, settled(1));
    const mail = await app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Published'),
    );
    expect(mail.subject).toBe('Published, Grace');
    expect(app.mail.messages.some((m) => m.subject.includes('DRAFT ONLY'))).toBe(false);
  });

  test('deleting a template deletes its draft', async () => {
    const { client } = await app.seller();
    const { id } = await templateOf(client);
    await client.put(`/api/templates/${id}/draft`, { baseRevision: 0, content: content() });
    await client.delete(`/api/templates/${id}`);
    expect((await client.get(`/api/templates/${id}/draft`)).status).toBe(404);
  });
});
