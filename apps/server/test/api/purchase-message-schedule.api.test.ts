import { PURCHASE_MESSAGE_MAX_CHARS, PURCHASE_MESSAGE_TEXTS } from '@thankly/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  purchaseMessageSchedule,
  purchaseMessages,
  users,
} from '../../src/infrastructure/db/schema.ts';
import { runDuePurchaseMessageSwitches } from '../../src/marketplace/etsy/purchase-message-schedule.ts';
import { EtsySimulator } from '../support/etsy-simulator.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

// The app's clock, moved by the tests across ranges' starts and ends (within the 30 days a session
// lasts). Auckland keeps NZDT (UTC+13)
// in December: its midnight starting 20 December is 11:00 UTC on the 19th.
let now = new Date('2026-12-19T10:00:00Z');
const clock = { now: () => new Date(now) };
const at = (iso: string) => {
  now = new Date(iso);
};

let sim: EtsySimulator;
let app: TestApp;
let seller: { client: TestClient; user: { id: string } };
let shopId: string;

const REGULAR = {
  message: 'Thank you for shopping at [shop-name]!',
  digitalMessage: 'Your files are ready.',
};
const HOLIDAY = {
  startDate: '2026-12-20',
  endDate: '2026-12-26',
  message: 'Happy holidays from [shop-name]! Orders ship again on 2 January.',
  digitalMessage: '',
};

beforeAll(async () => {
  sim = await new EtsySimulator().start();
  app = await startTestApp({ schedules: false, clock }, { env: sim.appEnv() });
  sim.redirectUris.add(`${app.url}/api/etsy/callback`);
  seller = await app.seller({ name: 'Aroha Seller', timeZone: 'Pacific/Auckland' });
  await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, seller.user.id));
  shopId = await sim.connectShop(seller.client);
  const saved = await seller.client.put(`/api/shops/${shopId}/purchase-message`, REGULAR);
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

const schedulePath = () => `/api/shops/${shopId}/purchase-message/schedule`;
const shopUpdates = () => sim.requests.filter((r) => r.method === 'PUT').length;
const onEtsy = () => ({ message: sim.shop.sale_message, digital: sim.shop.digital_sale_message });
const switches = () => runDuePurchaseMessageSwitches(app.ctx);
const entriesInDatabase = async () =>
  app.ctx.db
    .select()
    .from(purchaseMessageSchedule)
    .where(eq(purchaseMessageSchedule.shopId, shopId));

describe('dated purchase messages', () => {
  test('refuses what would not work, with words, before anything is stored or sent', async () => {
    const before = shopUpdates();
    const post = (body: unknown) => seller.client.post(schedulePath(), body);
    const noTexts = await post({ ...HOLIDAY, message: ' ', digitalMessage: '' });
    expect(noTexts.status).toBe(400);
    expect(noTexts.body.error).toBe(PURCHASE_MESSAGE_TEXTS.noTexts);
    const backwards = await post({ ...HOLIDAY, startDate: '2026-12-26', endDate: '2026-12-20' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe(PURCHASE_MESSAGE_TEXTS.endsBefore);
    const reward = await post({ ...HOLIDAY, message: 'Leave a 5 star review for 10% off!' });
    expect(reward.status).toBe(400);
    expect(reward.body.error).toMatch(/Etsy doesn’t allow/);
    const tooLong = await post({
      ...HOLIDAY,
      message: `${'x'.repeat(PURCHASE_MESSAGE_MAX_CHARS - 5)}[shop-name]`,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(/at most 1,000/);
    const orderToken = await post({ ...HOLIDAY, message: 'Hi [customer-first-name]' });
    expect(orderToken.status).toBe(400);
    expect(orderToken.body.error).toContain('[customer-first-name]');
    for (const body of [
      { ...HOLIDAY, startDate: '2026-02-30' },
      { ...HOLIDAY, startDate: '20 Dec' },
      { ...HOLIDAY, endDate: null },
      { ...HOLIDAY, message: 7 },
      { ...HOLIDAY, shopId: 'someone-else' },
      { ...HOLIDAY, message: 'x'.repeat(200_000) },
      { startDate: HOLIDAY.startDate, endDate: HOLIDAY.endDate },
      [HOLIDAY],
      'not json at all',
    ]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    // A seller without paid features: dated messages come with the paid plans.
    await app.ctx.db.update(users).set({ plan: 'free' }).where(eq(users.id, seller.user.id));
    const free = await post(HOLIDAY);
    expect(free.status).toBe(403);
    expect(free.body.error).toBe(PURCHASE_MESSAGE_TEXTS.schedulePaid);
    await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, seller.user.id));
    expect(await entriesInDatabase()).toEqual([]);
    expect(shopUpdates()).toBe(before);
  });

  test('a holiday message switches in at midnight on the seller’s calendar, and out again', async () => {
    at('2026-12-19T10:00:00Z'); // 23:00 on 19 December in Auckland
    const created = await seller.client.post(schedulePath(), HOLIDAY);
    expect(created.status).toBe(201);
    const [entry] = created.body.entries;
    expect(created.body).toEqual({
      entries: [{ id: expect.any(String), ...HOLIDAY }],
      timeZone: 'Pacific/Auckland',
      available: true,
      liveEntryId: null,
      dueEntryId: null,
      nextSwitch: { at: '2026-12-19T11:00:00.000Z', date: '2026-12-20', entryId: entry.id },
      waiting: null,
    });
    const regularOnEtsy = {
      message: 'Thank you for shopping at Juniper & Clay!',
      digital: 'Your files are ready.',
    };
    expect(onEtsy()).toEqual(regularOnEtsy);

    at('2026-12-19T10:59:59Z'); // a second before midnight in Auckland (still the 19th in UTC)
    await switches();
    expect(onEtsy()).toEqual(regularOnEtsy);

    at('2026-12-19T11:00:30Z'); // just after midnight: the 20th in Auckland
    expect(await switches()).toEqual({ switched: 1 });
    expect(onEtsy()).toEqual({
      message: 'Happy holidays from Juniper & Clay! Orders ship again on 2 January.',
      // Left empty in the dated message: the regular digital text stays.
      digital: 'Your files are ready.',
    });
    const during = await seller.client.get(schedulePath());
    expect(during.body).toMatchObject({
      liveEntryId: entry.id,
      dueEntryId: entry.id,
      nextSwitch: { at: '2026-12-26T11:00:00.000Z', date: '2026-12-27', entryId: null },
      waiting: null,
    });
    // Once switched, the same boundary never writes again.
    const writes = shopUpdates();
    expect(await switches()).toEqual({ 'in-step': 1 });
    expect(shopUpdates()).toBe(writes);
    // The regular message, as the seller reads it, is unchanged by the switch.
    expect((await seller.client.get(`/api/shops/${shopId}/purchase-message`)).body).toMatchObject({
      ...REGULAR,
      changedOnEtsy: null,
    });

    at('2026-12-26T10:59:00Z'); // 23:59 on the last day
    await switches();
    expect(onEtsy().message).toMatch(/Happy holidays/);
    at('2026-12-26T11:00:05Z'); // midnight after the last day
    expect(await switches()).toEqual({ switched: 1 });
    expect(onEtsy()).toEqual(regularOnEtsy);
    expect((await seller.client.get(schedulePath())).body).toMatchObject({
      liveEntryId: null,
      dueEntryId: null,
      nextSwitch: null,
      waiting: null,
    });
    await seller.client.delete(`${schedulePath()}/${entry.id}`);
  });

  test('a switch never overwrites a change made on Etsy: it waits for the seller’s choice', async () => {
    at('2026-12-27T09:00:00Z'); // 22:00 on 27 December in Auckland
    const created = await seller.client.post(schedulePath(), {
      ...HOLIDAY,
      startDate: '2026-12-28',
      endDate: '2027-01-03',
      message: 'New year greetings from [shop-name]!',
    });
    const entryId = created.body.entries[0].id;
    sim.changeOnEtsy({ sale_message: 'Back on 4 January, thanks for your patience!' });
    at('2026-12-27T11:00:10Z'); // midnight starting 28 December
    const writes = shopUpdates();
    expect(await switches()).toEqual({ held: 1 });
    expect(shopUpdates()).toBe(writes);
    expect(onEtsy().message).toBe('Back on 4 January, thanks for your patience!');
    const held = await seller.client.get(schedulePath());
    expect(held.body).toMatchObject({
      liveEntryId: null,
      dueEntryId: entryId,
      waiting: { reason: PURCHASE_MESSAGE_TEXTS.switchHeld },
    });
    // The panel's existing drift notice shows Etsy's version.
    expect(
      (await seller.client.get(`/api/shops/${shopId}/purchase-message`)).body.changedOnEtsy,
    ).toEqual({
      message: 'Back on 4 January, thanks for your patience!',
      digitalMessage: 'Your files are ready.',
    });
    // Later runs keep holding it, and still write nothing.
    at('2026-12-27T11:30:00Z');
    await switches();
    expect(shopUpdates()).toBe(writes);

    // The seller replaces Etsy's version: the switch the schedule wanted goes ahead now.
    const replaced = await seller.client.put(`/api/shops/${shopId}/purchase-message`, {
      ...REGULAR,
      overwriteEtsyChanges: true,
    });
    expect(replaced.status).toBe(200);
    expect(onEtsy().message).toBe('New year greetings from Juniper & Clay!');
    expect((await seller.client.get(schedulePath())).body).toMatchObject({
      liveEntryId: entryId,
      waiting: null,
    });

    // Changed on Etsy again, and this time the seller keeps Etsy's version: it stays until the
    // range ends, when the regular message goes back.
    sim.changeOnEtsy({ sale_message: 'Closed until 4 January, thank you!' });
    expect(
      (await seller.client.get(`/api/shops/${shopId}/purchase-message`)).body.changedOnEtsy,
    ).not.toBeNull();
    const kept = await seller.client.post(`/api/shops/${shopId}/purchase-message/keep-etsy`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ ...REGULAR, changedOnEtsy: null });
    at('2026-12-30T00:00:00Z');
    await switches();
    expect(onEtsy().message).toBe('Closed until 4 January, thank you!');
    at('2027-01-03T11:00:01Z'); // midnight starting 4 January
    expect(await switches()).toEqual({ switched: 1 });
    expect(onEtsy().message).toBe('Thank you for shopping at Juniper & Clay!');
    await seller.client.delete(`${schedulePath()}/${entryId}`);
  });

  test('a failed switch is tried again later, and a boundary is written to Etsy once', async () => {
    at('2027-01-04T10:00:00Z'); // 23:00 on 4 January in Auckland
    const created = await seller.client.post(schedulePath(), {
      ...HOLIDAY,
      startDate: '2027-01-05',
      endDate: '2027-01-07',
      message: 'Our spring sale is on!',
    });
    const entryId = created.body.entries[0].id;
    at('2027-01-04T11:00:00Z');
    sim.failShopUpdatesWith = 503;
    try {
      expect(await switches()).toEqual({ failed: 1 });
    } finally {
      sim.failShopUpdatesWith = undefined;
    }
    expect(onEtsy().message).toBe('Thank you for shopping at Juniper & Clay!');
    const failed = await seller.client.get(schedulePath());
    expect(failed.body).toMatchObject({
      liveEntryId: null,
      dueEntryId: entryId,
      waiting: { reason: PURCHASE_MESSAGE_TEXTS.etsyRefused, retryAt: '2027-01-04T11:01:00.000Z' },
    });
    // Backing off: nothing is tried before the retry time.
    const writes = shopUpdates();
    at('2027-01-04T11:00:30Z');
    expect(await switches()).toEqual({ waiting: 1 });
    expect(shopUpdates()).toBe(writes);

    // Etsy takes the next write but its answer is lost: Thankly cannot tell it arrived.
    at('2027-01-04T11:01:00Z');
    sim.loseShopUpdateAnswersWith = 502;
    try {
      expect(await switches()).toEqual({ failed: 1 });
    } finally {
      sim.loseShopUpdateAnswersWith = undefined;
    }
    expect(onEtsy().message).toBe('Our spring sale is on!');
    expect(shopUpdates()).toBe(writes + 1);
    // The retry reads Etsy, finds the switch made, and records it without writing it again.
    at('2027-01-04T11:03:00Z');
    expect(await switches()).toEqual({ switched: 1 });
    expect(shopUpdates()).toBe(writes + 1);
    const [row] = await app.ctx.db
      .select()
      .from(purchaseMessages)
      .where(eq(purchaseMessages.shopId, shopId));
    expect(row).toMatchObject({
      liveScheduleId: entryId,
      switchFailures: 0,
      switchProblem: null,
      changedOnEtsyAt: null,
      pushedMessage: 'Our spring sale is on!',
    });
    expect(await switches()).toEqual({ 'in-step': 1 });

    // Two workers at the boundary: one writes, the other finds nothing left to do.
    at('2027-01-07T11:00:00Z');
    const before = shopUpdates();
    const outcomes = await Promise.all([switches(), switches()]);
    expect(shopUpdates()).toBe(before + 1);
    expect(outcomes.map((o) => Object.keys(o)[0]).sort()).toEqual(
      expect.arrayContaining(['switched']),
    );
    expect(onEtsy().message).toBe('Thank you for shopping at Juniper & Clay!');
    await seller.client.delete(`${schedulePath()}/${entryId}`);
  });

  test('editing or removing the live dated message puts what is due on Etsy at once', async () => {
    at('2027-01-10T00:00:00Z'); // 13:00 on 10 January in Auckland
    const created = await seller.client.post(schedulePath(), {
      ...HOLIDAY,
      startDate: '2027-01-10',
      endDate: '2027-01-12',
      message: 'Autumn greetings!',
    });
    expect(created.status).toBe(201);
    const entryId = created.body.entries[0].id;
    // Its range holds today: it went to Etsy with the save.
    expect(onEtsy().message).toBe('Autumn greetings!');
    expect(created.body).toMatchObject({ liveEntryId: entryId, waiting: null });
    const edited = await seller.client.put(`${schedulePath()}/${entryId}`, {
      ...HOLIDAY,
      startDate: '2027-01-10',
      endDate: '2027-01-12',
      message: 'Autumn greetings from [shop-name]!',
    });
    expect(edited.status).toBe(200);
    expect(onEtsy().message).toBe('Autumn greetings from Juniper & Clay!');
    expect(edited.body.liveEntryId).toBe(entryId);
    // Moved to later dates: today is regular again.
    const moved = await seller.client.put(`${schedulePath()}/${entryId}`, {
      ...HOLIDAY,
      startDate: '2027-01-15',
      endDate: '2027-01-16',
      message: 'Autumn greetings from [shop-name]!',
    });
    expect(moved.body).toMatchObject({
      liveEntryId: null,
      nextSwitch: { date: '2027-01-15', at: '2027-01-14T11:00:00.000Z', entryId },
    });
    expect(onEtsy().message).toBe('Thank you for shopping at Juniper & Clay!');
    const removed = await seller.client.delete(`${schedulePath()}/${entryId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ entries: [], nextSwitch: null });
  });
});

describe('another seller', () => {
  test('gets 404 for the shop’s schedule and its entries, and changes nothing', async () => {
    at('2027-01-12T00:00:00Z');
    const created = await seller.client.post(schedulePath(), {
      ...HOLIDAY,
      startDate: '2027-02-01',
      endDate: '2027-02-28',
    });
    const entryId = created.body.entries[0].id;
    const other = await app.seller({ name: 'Other Seller' });
    await app.ctx.db.update(users).set({ plan: 'business' }).where(eq(users.id, other.user.id));
    const entryPath = `${schedulePath()}/${entryId}`;
    for (const response of [
      await other.client.get(schedulePath()),
      await other.client.post(schedulePath(), HOLIDAY),
      await other.client.put(entryPath, HOLIDAY),
      await other.client.delete(entryPath),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).not.toContain(entryId);
    }
    // The owner's own shop, an entry id that is not the shop's or not an id at all: 404 too.
    const unknown = `${schedulePath()}/6d3c1a54-7e0b-4b5a-9a53-0f7b7c1f2e11`;
    expect((await seller.client.put(unknown, HOLIDAY)).status).toBe(404);
    expect((await seller.client.delete(unknown)).status).toBe(404);
    expect((await seller.client.delete(`${schedulePath()}/not-an-id`)).status).toBe(404);
    expect((await app.client().get(schedulePath())).status).toBe(401);
    const [entry] = await entriesInDatabase();
    expect(entry).toMatchObject({ id: entryId, startDate: '2027-02-01', endDate: '2027-02-28' });
  });
});
