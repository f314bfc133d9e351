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

const PAUSED = 'Sending was paused when this order arrived.';

/** A seller whose pause held back `count` demo orders, resumed since. */
async function sellerWithHeldOrders(count: number) {
  const seller = await app.seller();
  await selectDefaultTemplate(seller.client);
  const shop = await connectDemoShop(app, seller.client);
  await seller.client.patch('/api/me/pause', { isPaused: true });
  for (let i = 0; i < count; i++) await seller.client.post(`/api/shops/${shop.id}/demo-order`);
  await waitForActivity(seller.client, settled(count));
  return { ...seller, shop };
}

const latest = async (client: TestClient) => (await client.get('/api/me/pauses/latest')).body;

describe('orders a pause held back', () => {
  test('are counted, stay unsent after resuming, and are thanked once when the seller asks', async () => {
    const { client, shop } = await sellerWithHeldOrders(2);
    expect((await latest(client)).pause).toMatchObject({ resumedAt: null, heldOrders: 2 });
    await client.patch('/api/me/pause', { isPaused: false });
    const { pause } = await latest(client);
    expect(pause).toMatchObject({ heldOrders: 2, resumedAt: expect.any(String) });

    // Resuming alone sends nothing for them; an order after the resume is thanked as usual.
    await client.post(`/api/shops/${shop.id}/demo-order`);
    const afterResume = await waitForActivity(client, settled(3));
    expect(afterResume.filter((i) => i.state === 'skipped' && i.reason === PAUSED)).toHaveLength(2);
    expect(afterResume.filter((i) => i.state === 'sent')).toHaveLength(1);

    const thanked = await client.post(`/api/pauses/${pause.id}/thank`);
    expect(thanked.status).toBe(200);
    expect(thanked.body).toEqual({ queued: 2 });
    const items = await waitForActivity(
      client,
      (list) => list.length === 3 && list.every((i) => i.state === 'sent'),
    );
    expect(items.map((i) => i.state)).toEqual(['sent', 'sent', 'sent']);

    // Asking again queues nothing: each order is thanked exactly once.
    expect((await client.post(`/api/pauses/${pause.id}/thank`)).body).toEqual({ queued: 0 });
    expect((await latest(client)).pause.heldOrders).toBe(0);
    await app.idle();
    const sentToday = (await client.get('/api/stats/daily')).body.sentToday;
    expect(sentToday).toBe(3);
  });

  test('are not thanked while sending is still paused', async () => {
    const { client } = await sellerWithHeldOrders(1);
    const { pause } = await latest(client);
    const refused = await client.post(`/api/pauses/${pause.id}/thank`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'Sending is still paused. Turn it back on first, then thank these buyers.',
    );
    expect((await latest(client)).pause.heldOrders).toBe(1);
  });

  test('another seller’s pause is a 404, and nothing of theirs is queued', async () => {
    const owner = await sellerWithHeldOrders(1);
    await owner.client.patch('/api/me/pause', { isPaused: false });
    const { pause } = await latest(owner.client);
    const intruder = await app.seller();
    const response = await intruder.client.post(`/api/pauses/${pause.id}/thank`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'That pause was not found.' });
    expect((await latest(owner.client)).pause.heldOrders).toBe(1);
    expect((await latest(intruder.client)).pause).toBeNull();
    expect((await app.client().post(`/api/pauses/${pause.id}/thank`)).status).toBe(401);
    // Not an id at all: the same 404, no database error.
    expect((await intruder.client.post("/api/pauses/1' OR '1'='1/thank")).status).toBe(404);
  });
});
