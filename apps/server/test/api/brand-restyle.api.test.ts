// New blocks and saved templates follow the brand kit: a block added after the brand is set wears
// it in the email the buyer gets, a brand change restyles every template in one step (what the
// seller set by hand kept), and one undo puts the templates back exactly as they were.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RESTYLE_MESSAGES } from '@thankly/api-contract';
import {
  BLANK_STARTER_ID,
  brandNewBlock,
  createBlock,
  designSchema,
  withOwnStyle,
  type Block,
  type Design,
} from '@thankly/email';
import { users } from '../../src/infrastructure/db/schema.ts';
import { connectDemoShop } from '../support/sending-helpers.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

const GREEN = '#2f6b4f';
const INDIGO = '#4f46e5';
const PURPLE = '#7c3aed';
const RED = '#b91c1c';

interface SavedTemplate {
  id: string;
  name: string;
  subject: string;
  html: string;
  design: Design;
  updatedAt: string;
}

async function growthSeller() {
  const seller = await app.seller();
  await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, seller.user.id));
  return seller;
}

async function setBrand(client: TestClient, brand: Record<string, unknown>) {
  const saved = await client.put('/api/brand', brand);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.brand as {
    primaryColor: string | null;
    logoUrl: string | null;
    backgroundColor: string | null;
    textColor: string | null;
    fontFamily: string | null;
    signOff: string | null;
  };
}

/** The Blank starter as the seller's gallery gives it (wearing their brand). */
async function blankStarter(client: TestClient): Promise<{ subject: string; design: Design }> {
  const { designs } = (await client.get('/api/templates/gallery')).body as {
    designs: Array<{ id: string; subject: string; design: unknown }>;
  };
  const blank = designs.find((d) => d.id === BLANK_STARTER_ID)!;
  return { subject: blank.subject, design: designSchema.parse(blank.design) };
}

/** A button added as the editor's block picker adds it: a fresh block dressed by the brand. */
async function addButton(client: TestClient, design: Design, id: string): Promise<Design> {
  const brand = (await client.get('/api/brand')).body.brand;
  const button = brandNewBlock(createBlock('button', id), brand, design.global);
  return { ...design, blocks: [...design.blocks, button as Block] };
}

async function save(client: TestClient, name: string, subject: string, design: Design) {
  const created = await client.post('/api/templates', { name, subject, design });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as SavedTemplate;
}

async function read(client: TestClient, id: string): Promise<SavedTemplate> {
  const response = await client.get(`/api/templates/${id}`);
  expect(response.status).toBe(200);
  return response.body as SavedTemplate;
}

function blockOf(template: SavedTemplate, id: string) {
  const block = template.design.blocks.find((b) => b.id === id);
  if (!block) throw new Error(`no block ${id}`);
  return block as Block & { buttonColor?: string; textColor?: string };
}

/** A paid order of the demo shop, to the seller's own address: the email as the buyer gets it. */
async function deliveredEmail(client: TestClient, email: string, shopId: string) {
  const before = app.mail.messages.length;
  expect((await client.post(`/api/shops/${shopId}/demo-order`)).status).toBe(200);
  return app.mail.waitFor(
    (m: ReceivedMail) =>
      app.mail.messages.indexOf(m) >= before &&
      m.to.includes(email) &&
      m.rawHeaders.has('list-unsubscribe'),
  );
}

/** The background colours of the buttons in received HTML (the bulletproof button's fill). */
const buttonFills = (html: string) =>
  [...html.matchAll(/fillcolor="(#[0-9a-f]{6})"/gi)].map((m) => m[1]);

describe('a block added after the brand is set, as the buyer receives it', () => {
  test('a Button added to a Blank template goes out in the brand colour; a colour chosen by hand survives a brand change and a restyle', async () => {
    const { client, email } = await app.seller();
    await setBrand(client, { primaryColor: GREEN });
    const shop = await connectDemoShop(app, client);

    const blank = await blankStarter(client);
    let design = await addButton(client, blank.design, 'shop-button');
    const template = await save(client, 'Blank', blank.subject, design);
    expect(blockOf(template, 'shop-button')).toMatchObject({ buttonColor: GREEN });
    expect((await client.post(`/api/templates/selectors/select/${template.id}`)).status).toBe(200);

    const first = await deliveredEmail(client, email, shop.id);
    expect(buttonFills(first.html)).toEqual([GREEN]);
    expect(first.html).toContain(`background-color:${GREEN}`);
    expect(first.html.toLowerCase()).not.toContain(INDIGO);

    // A second button the seller colours red by hand in the inspector.
    design = await addButton(client, (await read(client, template.id)).design, 'red-button');
    design = {
      ...design,
      blocks: design.blocks.map((b) =>
        b.id === 'red-button' ? withOwnStyle({ ...b, buttonColor: RED }, ['buttonColor']) : b,
      ),
    };
    const updated = await client.put(`/api/templates/${template.id}`, {
      name: 'Blank',
      subject: blank.subject,
      design,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    // The brand changes; the seller accepts the restyle.
    await setBrand(client, { primaryColor: PURPLE });
    expect((await client.get('/api/brand/restyle')).body).toEqual({ templates: 1 });
    const restyle = await client.post('/api/brand/restyle', {});
    expect(restyle.status, JSON.stringify(restyle.body)).toBe(200);
    expect(restyle.body.restyled).toBe(1);

    const second = await deliveredEmail(client, email, shop.id);
    expect(buttonFills(second.html)).toEqual([PURPLE, RED]);
    expect(second.html.toLowerCase()).not.toContain(GREEN);
    expect(second.html.toLowerCase()).not.toContain(INDIGO);
  });
});

describe('restyling saved templates with a new brand', () => {
  test('needs a signed-in seller', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/brand/restyle')).status).toBe(401);
    expect((await anonymous.post('/api/brand/restyle', {})).status).toBe(401);
    expect(
      (await anonymous.post('/api/brand/restyle/7d4e9a3c-3b1e-4a8e-9d7b-2f1c0a5b6e4d/undo', {}))
        .status,
    ).toBe(401);
  });

  test('restyles every template in one step, keeps hand-set fields, and one undo restores them exactly', async () => {
    const { client } = await growthSeller();
    await setBrand(client, { primaryColor: GREEN, fontFamily: 'Georgia, serif' });
    const blank = await blankStarter(client);
    const withButton = await addButton(client, blank.design, 'btn');
    const mine = {
      ...withButton,
      blocks: [
        ...withButton.blocks,
        withOwnStyle({ ...createBlock('divider', 'my-line'), color: RED }, ['color']),
      ],
    };
    const a = await save(client, 'First', 'Hi', withButton);
    const b = await save(client, 'Second', 'Hello', mine);
    const before = [await read(client, a.id), await read(client, b.id)];

    // Nothing to restyle while the templates already wear the brand.
    expect((await client.get('/api/brand/restyle')).body).toEqual({ templates: 0 });
    expect((await client.post('/api/brand/restyle', {})).body).toEqual({
      restyled: 0,
      restyleId: null,
    });

    await setBrand(client, { primaryColor: PURPLE, backgroundColor: '#fdf6ec' });
    expect((await client.get('/api/brand/restyle')).body).toEqual({ templates: 2 });
    const restyle = await client.post('/api/brand/restyle', {});
    expect(restyle.status).toBe(200);
    expect(restyle.body).toMatchObject({ restyled: 2, restyleId: expect.any(String) });

    const after = [await read(client, a.id), await read(client, b.id)];
    for (const template of after) {
      expect(blockOf(template, 'btn')).toMatchObject({ buttonColor: PURPLE });
      expect(template.design.global.backdropColor).toBe('#fdf6ec');
      expect(template.html).toContain(`fillcolor="${PURPLE}"`);
    }
    expect(blockOf(after[1]!, 'my-line')).toMatchObject({ color: RED });
    expect((await client.get('/api/brand/restyle')).body).toEqual({ templates: 0 });

    const undo = await client.post(`/api/brand/restyle/${restyle.body.restyleId}/undo`, {});
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toEqual({ restored: 2, kept: 0 });
    const undone = [await read(client, a.id), await read(client, b.id)];
    for (const [i, template] of undone.entries()) {
      expect(template.design).toEqual(before[i]!.design);
      expect(template.html).toBe(before[i]!.html);
      expect(template.name).toBe(before[i]!.name);
    }
    // One undo step: a second undo finds nothing.
    const again = await client.post(`/api/brand/restyle/${restyle.body.restyleId}/undo`, {});
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(RESTYLE_MESSAGES.notFound);
  });

  test('undo never overwrites a template the seller saved after the restyle', async () => {
    const { client } = await growthSeller();
    await setBrand(client, { primaryColor: GREEN });
    const blank = await blankStarter(client);
    const design = await addButton(client, blank.design, 'btn');
    const a = await save(client, 'Untouched', 'Hi', design);
    const b = await save(client, 'Edited later', 'Hi', design);
    const aBefore = await read(client, a.id);
    await setBrand(client, { primaryColor: PURPLE });
    const restyle = (await client.post('/api/brand/restyle', {})).body;
    expect(restyle.restyled).toBe(2);

    const edited = await read(client, b.id);
    const put = await client.put(`/api/templates/${b.id}`, {
      name: 'Edited later',
      subject: 'Changed after the restyle',
      design: edited.design,
    });
    expect(put.status).toBe(200);

    const undo = await client.post(`/api/brand/restyle/${restyle.restyleId}/undo`, {});
    expect(undo.body).toEqual({ restored: 1, kept: 1 });
    expect((await read(client, a.id)).design).toEqual(aBefore.design);
    const kept = await read(client, b.id);
    expect(kept.subject).toBe('Changed after the restyle');
    expect(blockOf(kept, 'btn')).toMatchObject({ buttonColor: PURPLE });
  });

  test('only the latest restyle can be undone', async () => {
    const { client } = await growthSeller();
    await setBrand(client, { primaryColor: GREEN });
    const blank = await blankStarter(client);
    const t = await save(client, 'T', 'Hi', await addButton(client, blank.design, 'btn'));
    await setBrand(client, { primaryColor: PURPLE });
    const first = (await client.post('/api/brand/restyle', {})).body;
    await setBrand(client, { primaryColor: RED });
    const second = (await client.post('/api/brand/restyle', {})).body;
    expect(second.restyleId).not.toBe(first.restyleId);
    expect((await client.post(`/api/brand/restyle/${first.restyleId}/undo`, {})).status).toBe(404);
    expect((await client.post(`/api/brand/restyle/${second.restyleId}/undo`, {})).status).toBe(200);
    expect(blockOf(await read(client, t.id), 'btn')).toMatchObject({ buttonColor: PURPLE });
  });

  test('is one seller’s own: another seller’s restyle, count and undo never touch their templates', async () => {
    const a = await growthSeller();
    const b = await growthSeller();
    await setBrand(a.client, { primaryColor: GREEN });
    const blank = await blankStarter(a.client);
    const template = await save(
      a.client,
      'A',
      'Hi',
      await addButton(a.client, blank.design, 'btn'),
    );
    const aBefore = await read(a.client, template.id);

    await setBrand(a.client, { primaryColor: PURPLE });
    await setBrand(b.client, { primaryColor: RED });
    // B sees none of A's templates to restyle, and restyling B changes nothing of A's.
    expect((await b.client.get('/api/brand/restyle')).body).toEqual({ templates: 0 });
    expect((await b.client.post('/api/brand/restyle', {})).body).toEqual({
      restyled: 0,
      restyleId: null,
    });
    expect((await read(a.client, template.id)).design).toEqual(aBefore.design);

    const restyle = (await a.client.post('/api/brand/restyle', {})).body;
    expect(restyle.restyled).toBe(1);
    const restyled = await read(a.client, template.id);
    // B cannot undo A's restyle: the same answer as for a restyle that does not exist.
    const foreign = await b.client.post(`/api/brand/restyle/${restyle.restyleId}/undo`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(RESTYLE_MESSAGES.notFound);
    expect((await read(a.client, template.id)).design).toEqual(restyled.design);
    // A's undo still works afterwards.
    expect((await a.client.post(`/api/brand/restyle/${restyle.restyleId}/undo`, {})).body).toEqual({
      restored: 1,
      kept: 0,
    });
  });

  test.each<[string, string, unknown, number]>([
    ['a restyle id that is no id', '/api/brand/restyle/..%2F..%2Ftemplates/undo', {}, 404],
    ['a restyle id with SQL in it', "/api/brand/restyle/1'%20OR%20'1'='1/undo", {}, 404],
    [
      'an unknown restyle id',
      '/api/brand/restyle/7d4e9a3c-3b1e-4a8e-9d7b-2f1c0a5b6e4d/undo',
      {},
      404,
    ],
    ['a body naming templates', '/api/brand/restyle', { templateIds: ['x'] }, 400],
    ['a body carrying a brand', '/api/brand/restyle', { primaryColor: '#000000' }, 400],
    ['an array body', '/api/brand/restyle', [1, 2], 400],
  ])('refuses %s and changes nothing', async (_name, path, body, status) => {
    const { client } = await growthSeller();
    await setBrand(client, { primaryColor: GREEN });
    const blank = await blankStarter(client);
    const t = await save(client, 'T', 'Hi', await addButton(client, blank.design, 'btn'));
    await setBrand(client, { primaryColor: PURPLE });
    const before = await read(client, t.id);
    const response = await client.post(path, body);
    expect(response.status).toBe(status);
    expect((await read(client, t.id)).design).toEqual(before.design);
  });
});
