// Issue 21 items 3 and 12: a template's preheader and language, and the seller's postal address,
// from the API to the email a buyer (or the seller's test) receives.
import { eq } from 'drizzle-orm';
import { createDefaultTemplate, PREHEADER_MAX_LENGTH } from '@thankly/email';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { templates } from '../../src/infrastructure/db/schema.ts';
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
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Danke',
  subject: 'Danke, [customer-first-name|Freund]!',
  design,
  ...overrides,
});

async function create(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/templates', body(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; html: string; preheader: string; language: string };
}

const HIDDEN_PREHEADER = /<div style="display:none;[^"]*mso-hide:all">([^<]*?)&#847;/;

describe('preheader and language on templates', () => {
  test('are saved, read back, listed, and rendered into the stored HTML', async () => {
    const { client } = await app.seller();
    const created = await create(client, {
      preheader: 'Ihr Gutschein ist drin, [customer-first-name]',
      language: 'de',
    });
    expect(created).toMatchObject({
      preheader: 'Ihr Gutschein ist drin, [customer-first-name]',
      language: 'de',
    });
    expect(created.html).toContain('<html lang="de" dir="ltr"');
    expect(HIDDEN_PREHEADER.exec(created.html)?.[1]).toBe(
      'Ihr Gutschein ist drin, [customer-first-name]',
    );

    const loaded = (await client.get(`/api/templates/${created.id}`)).body;
    expect(loaded).toMatchObject({
      preheader: 'Ihr Gutschein ist drin, [customer-first-name]',
      language: 'de',
    });
    const listed = (await client.get('/api/templates/')).body.templates;
    expect(listed[0]).toMatchObject({ language: 'de' });

    const updated = await client.put(
      `/api/templates/${created.id}`,
      body({ preheader: 'שלום', language: 'he' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ preheader: 'שלום', language: 'he' });
    expect(updated.body.html).toContain('<html lang="he" dir="rtl"');
  });

  test('default to none and English, rendering exactly as a template without them did', async () => {
    const { client } = await app.seller();
    const created = await create(client, { name: 'Plain' });
    expect(created).toMatchObject({ preheader: '', language: 'en' });
    expect(created.html).toContain('<html lang="en" dir="ltr"');
    expect(created.html).not.toContain('mso-hide:all');
    // A row written before the columns existed reads with the same defaults.
    const [row] = await app.ctx.db.select().from(templates).where(eq(templates.id, created.id));
    expect(row).toMatchObject({ preheader: '', language: 'en' });
  });

  test('are validated with the shared schemas', async () => {
    const { client } = await app.seller();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ preheader: 'x'.repeat(PREHEADER_MAX_LENGTH + 1) }, /preview text under 150/],
      [{ preheader: 42 }, /preview text must be text/],
      [{ language: 'klingon' }, /Choose one of the offered languages/],
      [{ language: 'EN' }, /Choose one of the offered languages/],
      [{ language: '"><script>' }, /Choose one of the offered languages/],
    ];
    for (const [overrides, message] of cases) {
      const response = await client.post('/api/templates', body(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    expect((await client.get('/api/templates/')).body.templates).toEqual([]);
  });

  test('a hostile preheader is stored as plain text, on one line, and escaped in the HTML', async () => {
    const { client } = await app.seller();
    const created = await create(client, {
      preheader: '</div><script>alert(1)</script>\r\nBcc: victim@example.com\u202e',
    });
    expect(created.preheader).toBe('</div><script>alert(1)</script> Bcc: victim@example.com');
    expect(created.html).not.toContain('<script>');
    expect(HIDDEN_PREHEADER.exec(created.html)?.[1]).toBe(
      '&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt; Bcc: victim@example.com',
    );
  });
});

describe('postal address on the account', () => {
  test('is read with /me, changed with PATCH /me/postal-address, and cleaned', async () => {
    const { client } = await app.seller();
    expect((await client.get('/api/me')).body.postalAddress).toBe('');
    const saved = await client.patch('/api/me/postal-address', {
      postalAddress: '  Juniper & Clay Ltd \r\n\r\n 12 Long Street\nSpringfield  ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      postalAddress: 'Juniper & Clay Ltd\n12 Long Street\nSpringfield',
    });
    expect((await client.get('/api/me')).body.postalAddress).toBe(
      'Juniper & Clay Ltd\n12 Long Street\nSpringfield',
    );
    expect((await client.patch('/api/me/postal-address', { postalAddress: '' })).status).toBe(200);
    expect((await client.get('/api/me')).body.postalAddress).toBe('');
  });

  test('refuses what is not an address, and needs a session', async () => {
    const { client } = await app.seller();
    for (const postalAddress of ['x'.repeat(201), 'a\nb\nc\nd\ne\nf', 42, null]) {
      const response = await client.patch('/api/me/postal-address', { postalAddress });
      expect(response.status, String(postalAddress)).toBe(400);
    }
    expect((await client.patch('/api/me/postal-address', {})).status).toBe(400);
    const anonymous = app.client();
    expect((await anonymous.patch('/api/me/postal-address', { postalAddress: 'x' })).status).toBe(
      401,
    );
  });
});

describe('what the buyer and the seller receive', () => {
  test('a test email carries the preheader, the language and the footer in it, with the address', async () => {
    const { client, email } = await app.seller();
    await client.patch('/api/me/postal-address', {
      postalAddress: '<b>Odos</b> 5\nAthina 105 58',
    });
    const created = await create(client, {
      preheader: 'Ένα μικρό δώρο για σένα, [customer-first-name]',
      language: 'el',
    });
    expect((await client.post(`/api/emails/test/${created.id}`)).status).toBe(200);
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(mail.html).toContain('<html lang="el" dir="ltr"');
    expect(HIDDEN_PREHEADER.exec(mail.html)?.[1]).toBe('Ένα μικρό δώρο για σένα, Alex');
    expect(mail.html).toContain(
      'Λαμβάνετε αυτό το email επειδή κάνατε παραγγελία από το κατάστημα Juniper &amp; Clay.',
    );
    expect(mail.html).toContain('>Απεγγραφή</a>');
    expect(mail.html).toContain('&lt;b&gt;Odos&lt;/b&gt; 5<br>Athina 105 58');
    expect(mail.html).not.toContain('<b>Odos');
    expect(mail.text).toContain('Απεγγραφή: ');
    expect(mail.text).toContain('<b>Odos</b> 5\nAthina 105 58');
    expect(mail.text).not.toContain('Ένα μικρό δώρο');
  });

  test('a buyer email goes out in the template language, right to left, with its preheader and the seller’s address', async () => {
    const { client, email } = await app.seller({ name: 'Ada Lovelace' });
    await client.patch('/api/me/postal-address', { postalAddress: '1 Market St, Haifa' });
    await selectDefaultTemplate(client, {
      preheader: 'שלום [customer-first-name]',
      language: 'he',
    });
    const shop = await connectDemoShop(app, client);
    expect((await client.post(`/api/shops/${shop.id}/demo-order`)).body.ok).toBe(true);
    const [item] = await waitForActivity(client, settled(1));
    expect(item?.state).toBe('sent');
    const mail = await app.mail.waitFor(
      (m) => m.to.includes(email) && m.rawHeaders.has('list-unsubscribe'),
    );
    expect(mail.html).toContain('<html lang="he" dir="rtl"');
    expect(HIDDEN_PREHEADER.exec(mail.html)?.[1]).toBe('שלום Ada');
    expect(mail.html).toContain('קיבלת הודעה זו מפני שביצעת הזמנה בחנות Demo Shop.');
    expect(mail.html).toContain(
      '>ביטול הרשמה</a><div style="padding-top:8px">1 Market St, Haifa</div>',
    );
    expect(mail.text).toContain('ביטול הרשמה: http');
  });

  test('one seller’s address never reaches another seller’s emails', async () => {
    const owner = await app.seller();
    await owner.client.patch('/api/me/postal-address', { postalAddress: 'Secret Lane 1' });
    const other = await app.seller();
    const created = await create(other.client);
    expect((await other.client.post(`/api/emails/test/${created.id}`)).status).toBe(200);
    const mail = await app.mail.waitFor(
      (m) => m.to === other.email && m.subject.startsWith('[Test]'),
    );
    expect(mail.html).not.toContain('Secret Lane');
    expect(mail.html).not.toContain('padding-top:8px');
    expect((await other.client.get('/api/me')).body.postalAddress).toBe('');
  });
});
