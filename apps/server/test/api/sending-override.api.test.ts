import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { users } from '../../src/infrastructure/db/schema.ts';
import type { Clock } from '../../src/infrastructure/time/athens.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
let now = new Date('2026-12-24T22:30:00Z');
const clock: Clock = { now: () => now };

beforeAll(async () => {
  app = await startTestApp({ clock, dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

// Dated templates follow the seller's own calendar: here a seller in Athens.
test("the sender uses the conditional template of the seller's date in Athens, else the selected one", async () => {
  const { client, user, email } = await app.seller({ timeZone: 'Europe/Athens' });
  await app.ctx.db.update(users).set({ plan: 'growth' }).where(eq(users.id, user.id));
  await selectDefaultTemplate(client, { name: 'Everyday', subject: 'Thanks from us' });
  const { body: list } = await client.get('/api/templates/');
  const design = (await client.get(`/api/templates/${list.templates[0].id}`)).body.design;
  const created = await client.post('/api/templates', {
    name: 'Christmas',
    subject: 'Merry Christmas, [customer-first-name|friend]!',
    design,
    sendConditions: { enabled: true, startDate: '2026-12-25', endDate: '2026-12-26' },
  });
  expect(created.status).toBe(201);
  const shop = await connectDemoShop(app, client);

  // 22:30 UTC on 24 December is 00:30 on the 25th in Athens: Christmas is in effect.
  await client.post(`/api/shops/${shop.id}/demo-order`);
  let items = await waitForActivity(client, settled(1));
  expect(items[0]).toMatchObject({ state: 'sent', templateName: 'Christmas' });
  await app.mail.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Merry Christmas'));

  // 21:59 UTC is still the 24th in Athens: the selected template goes out.
  now = new Date('2026-12-24T21:59:00Z');
  await client.post(`/api/shops/${shop.id}/demo-order`);
  items = await waitForActivity(client, settled(2));
  expect(items.map((i) => i.templateName).sort()).toEqual(['Christmas', 'Everyday']);
  await app.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Thanks from us');
});
