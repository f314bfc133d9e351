// "Preview as": the editor previews a design with one of the seller's own recent orders.
import type { PreviewOrdersReply } from '@thankly/api-contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectDemoShop } from '../support/sending-helpers.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

test("a seller's recent orders come with the values their emails were filled with", async () => {
  const seller = await app.seller({ name: 'Grace Hopper' });
  const shop = await connectDemoShop(app, seller.client);
  expect(
    (await seller.client.put('/api/sending/settings', { couponCode: 'COMEBACK10' })).status,
  ).toBe(200);
  for (let i = 0; i < 2; i++) {
    expect((await seller.client.post(`/api/shops/${shop.id}/demo-order`, {})).status).toBe(200);
    await app.idle();
  }

  const reply = await seller.client.get<PreviewOrdersReply>('/api/preview-orders');
  expect(reply.status).toBe(200);
  expect(reply.body.orders).toHaveLength(2);
  const [newest] = reply.body.orders;
  expect(newest!.label).toMatch(/^Order \S+ from Grace \(/);
  expect(newest!.values).toMatchObject({
    'customer-first-name': 'Grace',
    'customer-last-name': 'Hopper',
    'shop-name': shop.name,
    'coupon-code': 'COMEBACK10',
  });
  expect(newest!.values['order-number']).toBeTruthy();
  // Both demo orders come from the seller's own address: the newer one is a returning buyer's.
  expect(newest!.values).toMatchObject({ 'order-count': '2', 'welcome-back': 'Welcome back!' });
  const oldest = reply.body.orders[1]!.values;
  expect(oldest['order-count']).toBe('1');
  expect(oldest['welcome-back']).toBeUndefined();
});

test("another seller's orders never show, and nobody lists them anonymously", async () => {
  const owner = await app.seller({ name: 'Owner Person' });
  const shop = await connectDemoShop(app, owner.client);
  expect((await owner.client.post(`/api/shops/${shop.id}/demo-order`, {})).status).toBe(200);
  await app.idle();
  const ownerOrders = (await owner.client.get<PreviewOrdersReply>('/api/preview-orders')).body
    .orders;
  expect(ownerOrders.length).toBeGreaterThan(0);

  const other = await app.seller();
  const seen = await other.client.get<PreviewOrdersReply>('/api/preview-orders');
  expect(seen.status).toBe(200);
  expect(seen.body.orders).toEqual([]);

  const anonymous = await app.client().get('/api/preview-orders');
  expect(anonymous.status).toBe(401);
  expect(JSON.stringify(anonymous.body)).not.toContain('Owner');
});
