import { createDefaultTemplate } from '@thankly/email';
import { expect, vi } from 'vitest';
import type { TestApp, TestClient } from './test-app.ts';

/** Connects the demo shop through the real OAuth-shaped flow: connect URL, consent page, callback. */
export async function connectDemoShop(
  app: TestApp,
  client: TestClient,
): Promise<{ id: string; name: string }> {
  const { url } = (await client.get('/api/etsy/connect')).body as { url: string };
  expect(url).toContain('/demo-marketplace/authorize?');
  const consent = await client.get(url.replace(app.url, ''));
  const approve = /href="([^"]*\/api\/etsy\/callback\?code=[^"]+)"/.exec(
    consent.body as string,
  )?.[1];
  if (!approve) throw new Error('no approve link on the demo consent page');
  const callback = await client.request('GET', approve.replace(/&amp;/g, '&').replace(app.url, ''));
  expect(callback.status).toBe(302);
  expect(callback.headers.get('location')).toMatch(/^\/thankly\?connected=/);
  const { shops } = (await client.get('/api/shops')).body as {
    shops: Array<{ id: string; name: string; status: string }>;
  };
  const shop = shops.at(-1)!;
  expect(shop.status).toBe('connected');
  return shop;
}

/** A template of the default design, selected for future emails. */
export async function selectDefaultTemplate(
  client: TestClient,
  overrides: Record<string, unknown> = {},
) {
  const { design } = createDefaultTemplate();
  const created = await client.post('/api/templates', {
    name: 'Thanks',
    subject: 'Thank you, [customer-first-name|friend]!',
    design,
    ...overrides,
  });
  expect(created.status).toBe(201);
  await client.post(`/api/templates/selectors/select/${created.body.id}`);
  return created.body as { id: string; name: string };
}

export interface Activity {
  id: string;
  orderNumber: string;
  state: string;
  reason: string | null;
  templateName: string | null;
  buyerEmail: string | null;
}

/** Polls the activity list until `done` holds (the pipeline runs in background jobs). */
export function waitForActivity(
  client: TestClient,
  done: (items: Activity[]) => boolean,
  timeoutMs = 20_000,
): Promise<Activity[]> {
  return vi.waitFor(
    async () => {
      const { items } = (await client.get('/api/activity')).body as { items: Activity[] };
      if (!done(items)) throw new Error(`activity never settled: ${JSON.stringify(items)}`);
      return items;
    },
    { timeout: timeoutMs, interval: 150 },
  );
}

export const settled = (count: number) => (items: Activity[]) =>
  items.length >= count && items.every((i) => i.state !== 'pending');
