// What Etsy and WooCommerce say about an order after its payment (shipped, refunded, cancelled),
// read through Thankly's own clients over HTTP from the local stand-ins that follow each
// marketplace's contract. Shopify's reads are covered through its webhooks in shopify.api.test.ts,
// the demo shop's in demo-order-events.api.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EtsyAdapter } from '../../src/marketplace/etsy/etsy-adapter.ts';
import { EtsyApi } from '../../src/marketplace/etsy/etsy-api.ts';
import { verifyEtsyWebhook } from '../../src/marketplace/etsy/etsy-webhook.ts';
import { signEtsyWebhook } from '../../src/marketplace/etsy/etsy-webhook.ts';
import { WooApi } from '../../src/marketplace/woocommerce/woo-api.ts';
import { toMarketplaceOrder } from '../../src/marketplace/woocommerce/woo-order.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { WooCommerceSimulator } from '../support/woocommerce-simulator.ts';

const iso = (unix: number) => new Date(unix * 1000).toISOString();

describe('Etsy receipts after payment, read through the adapter', () => {
  let sim: EtsySimulator;
  let adapter: EtsyAdapter;
  let access: { externalId: string; accessToken: string };
  const paidAt = 1_788_000_000;

  beforeAll(async () => {
    sim = await new EtsySimulator().start();
    const api = new EtsyApi({
      apiUrl: sim.url,
      keystring: sim.keystring,
      sharedSecret: sim.sharedSecret,
      consumeBudget: async () => {},
      maxRetries: 0,
    });
    adapter = new EtsyAdapter({
      api,
      keystring: sim.keystring,
      authUrl: `${sim.url}/oauth/connect`,
      webhookSecret: sim.webhookSecret,
      now: () => new Date(),
    });
    access = { externalId: String(sim.shop.shop_id), accessToken: sim.grantAccess() };
  });
  afterAll(() => sim?.stop());

  const read = async (receiptId: number) => (await adapter.fetchOrder(access, String(receiptId)))!;

  test('a paid receipt has not shipped and is not cancelled', async () => {
    const receipt = sim.addReceipt({}, paidAt);
    expect(await read(receipt.receipt_id)).toMatchObject({
      isPaid: true,
      shippedAt: null,
      trackingNumber: null,
      trackingUrl: null,
      deliveredAt: null,
      cancelledAt: null,
    });
  });

  test('a shipped receipt carries the shipment’s notification time, code and the purchase page', async () => {
    const receipt = sim.addReceipt({}, paidAt);
    sim.ship(receipt, { carrier: 'usps', code: '9400111899560000000000' }, paidAt + 86_400);
    const order = await read(receipt.receipt_id);
    expect(order).toMatchObject({
      isPaid: true,
      shippedAt: iso(paidAt + 86_400),
      trackingNumber: '9400111899560000000000',
      trackingUrl: `https://www.etsy.com/your/purchases/${receipt.receipt_id}`,
      deliveredAt: null,
      cancelledAt: null,
      updatedAt: iso(paidAt + 86_400),
    });
    // A second parcel later: still shipped at the first, tracked by the newest.
    sim.ship(receipt, { carrier: 'ups', code: '1Z999AA10123456784' }, paidAt + 3 * 86_400);
    expect(await read(receipt.receipt_id)).toMatchObject({
      shippedAt: iso(paidAt + 86_400),
      trackingNumber: '1Z999AA10123456784',
    });
  });

  test('a receipt refunded in full, or cancelled, stays paid and says when', async () => {
    const refunded = sim.addReceipt({}, paidAt);
    sim.refundFully(refunded, paidAt + 7_200);
    expect(await read(refunded.receipt_id)).toMatchObject({
      isPaid: true,
      cancelledAt: iso(paidAt + 7_200),
    });
    const cancelled = sim.addReceipt({}, paidAt);
    sim.cancel(cancelled, paidAt + 600);
    expect(await read(cancelled.receipt_id)).toMatchObject({
      isPaid: true,
      cancelledAt: iso(paidAt + 600),
    });
    // Cancelled before it was ever paid: not paid.
    const unpaid = sim.addReceipt({ is_paid: false, status: 'open' }, paidAt);
    sim.cancel(unpaid, paidAt + 60);
    expect(await read(unpaid.receipt_id)).toMatchObject({
      isPaid: false,
      cancelledAt: iso(paidAt + 60),
    });
    // A partial refund stops nothing.
    const partial = sim.addReceipt({ status: 'partially refunded' }, paidAt);
    expect(await read(partial.receipt_id)).toMatchObject({ isPaid: true, cancelledAt: null });
  });

  test('order.shipped and order.canceled webhooks point at the receipt like order.paid', () => {
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    const deliver = (eventType: string) => {
      const body = JSON.stringify({
        event_type: eventType,
        resource_url: `https://openapi.etsy.com/v3/application/shops/${sim.shop.shop_id}/receipts/3000000123`,
        shop_id: sim.shop.shop_id,
      });
      const signature = signEtsyWebhook(sim.webhookSecret, 'msg_1', timestamp, body);
      return verifyEtsyWebhook(
        sim.webhookSecret,
        body,
        {
          'webhook-id': 'msg_1',
          'webhook-timestamp': String(timestamp),
          'webhook-signature': `v1,${signature}`,
        },
        now,
      );
    };
    const notification = { shopExternalId: String(sim.shop.shop_id), orderId: '3000000123' };
    expect(deliver('order.shipped')).toEqual(notification);
    expect(deliver('order.canceled')).toEqual(notification);
    expect(deliver('order.paid')).toEqual(notification);
    expect(deliver('order.delivered')).toBeNull();
    expect(deliver('shop.updated')).toBeNull();
  });
});

describe('WooCommerce orders after payment, read back from the store', () => {
  let store: WooCommerceSimulator;
  const api = new WooApi({ allowPrivateHosts: true, now: () => new Date() });
  const keys = () => ({ consumerKey: store.consumerKey, consumerSecret: store.consumerSecret });
  const read = async (id: number) =>
    toMarketplaceOrder((await api.getOrder(store.url, keys(), String(id)))!, new Date());

  beforeAll(async () => {
    store = await new WooCommerceSimulator().start();
  });
  afterAll(() => store?.stop());

  test('completed is shipped at date_completed_gmt; without the extension there is no tracking', async () => {
    const order = store.addPaidOrder();
    await store.setStatus(order, 'completed');
    Object.assign(order, { date_completed_gmt: '2026-09-02T10:15:00' });
    expect(await read(order.id)).toMatchObject({
      isPaid: true,
      shippedAt: '2026-09-02T10:15:00.000Z',
      trackingNumber: null,
      trackingUrl: null,
      deliveredAt: null,
      cancelledAt: null,
    });
  });

  test('the Shipment Tracking extension’s parcel gives the number, the ship date and a custom link', async () => {
    const order = store.addPaidOrder();
    const shipped = new Date('2026-09-01T00:00:00Z');
    await store.shipWithTracking(
      order,
      {
        tracking_number: 'EX123456789GB',
        custom_tracking_provider: 'Example Courier',
        custom_tracking_link: 'https://courier.example/track/%1$s',
      },
      shipped,
      new Date('2026-09-01T09:30:00Z'),
    );
    expect(await read(order.id)).toMatchObject({
      shippedAt: '2026-09-01T09:30:00.000Z',
      trackingNumber: 'EX123456789GB',
      trackingUrl: 'https://courier.example/track/EX123456789GB',
    });
    // A known carrier: the extension builds its link from a table Thankly does not have.
    const known = store.addPaidOrder();
    await store.shipWithTracking(
      known,
      { tracking_number: '1Z999', tracking_provider: 'ups' },
      shipped,
    );
    expect(await read(known.id)).toMatchObject({ trackingNumber: '1Z999', trackingUrl: null });
  });

  test('refunded and cancelled orders that were paid stay paid, cancelled at their last change', async () => {
    for (const status of ['refunded', 'cancelled']) {
      const order = store.addPaidOrder();
      await store.setStatus(order, status);
      Object.assign(order, { date_modified_gmt: '2026-09-03T12:00:00' });
      expect(await read(order.id)).toMatchObject({
        isPaid: true,
        cancelledAt: '2026-09-03T12:00:00.000Z',
      });
    }
    // Cancelled without ever being paid (no paid date): not paid.
    const unpaid = store.orderPayload({ status: 'cancelled' });
    store.orders.push(unpaid);
    expect(await read(unpaid.id)).toMatchObject({ isPaid: false });
  });
});
