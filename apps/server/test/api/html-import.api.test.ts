// Imported HTML emails (issue 38 point 5): the importer runs in the browser, so the server sees an
// ordinary design holding the locked 'html' block. It must validate it with the design schema,
// sanitise it as rich text on every save (draft and publish), render it into the buyer's email, and
// keep it the seller's own.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const HOSTILE =
  '<p onclick="alert(1)">Small print from <b>Lumen</b></p><script>alert(2)</script>' +
  '<img src="https://cdn.example/logo.png" onerror="alert(3)" alt="Lumen">' +
  '<a href="javascript:alert(4)">bad link</a> <a href="https://lumen.example/">good link</a>' +
  '<iframe src="https://evil.example"></iframe><form><input name="card"></form>' +
  '<span style="color:#123456;width:expression(alert(5));background:url(javascript:alert(6))">styled</span>' +
  '<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDcpPC9zY3JpcHQ+PC9zdmc+" alt="svg">';

/** A design as the importer builds it: a heading, a locked block, and one inside a column. */
function importedDesign(html = HOSTILE) {
  return {
    global: { backdropColor: '#fafafa' },
    blocks: [
      { id: 'h1', type: 'heading', content: 'Thank you!', html: 'Thank you!', level: 'h1' },
      { id: 'locked', type: 'html', html },
      {
        id: 'cols',
        type: 'columns',
        columns: [
          { id: 'c1', widthPct: 50, items: [{ id: 'inner', type: 'html', html }] },
          { id: 'c2', widthPct: 50, items: [] },
        ],
      },
    ],
  };
}

const content = (design: unknown) => ({
  name: 'Imported email',
  subject: 'Thanks for your order',
  preheader: '',
  language: 'en',
  design,
  sendConditions: { enabled: false, startDate: '', endDate: '' },
});

const BANNED =
  /<script|alert\(|onclick|onerror|javascript:|<iframe|<form|<input|expression|url\(|data:image\/svg/i;

function lockedHtmlOf(design: { blocks: Array<Record<string, unknown>> }): string[] {
  return design.blocks.flatMap((block) =>
    block.type === 'html'
      ? [block.html as string]
      : block.type === 'columns'
        ? (block.columns as Array<{ items: Array<{ type: string; html: string }> }>).flatMap(
            (column) => column.items.filter((i) => i.type === 'html').map((i) => i.html),
          )
        : [],
  );
}

async function saveNewDraft(client: TestClient, design: unknown) {
  return client.put('/api/templates/new/draft', { baseRevision: 0, content: content(design) });
}

describe('an imported email as the new-template draft', () => {
  test('is kept with every locked HTML block sanitised as rich text, in columns too', async () => {
    const { client } = await app.seller();
    const saved = await saveNewDraft(client, importedDesign());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { draft } = (await client.get('/api/templates/new/draft')).body;
    const kept = lockedHtmlOf(draft.content.design);
    expect(kept).toHaveLength(2);
    for (const html of kept) {
      expect(html).not.toMatch(BANNED);
      expect(html).toContain('Small print from <b>Lumen</b>');
      expect(html).toContain('<img src="https://cdn.example/logo.png" alt="Lumen" />');
      expect(html).toContain(
        '<a href="https://lumen.example/" target="_blank" rel="noopener noreferrer">good link</a>',
      );
      expect(html).toContain('<span style="color:#123456">styled</span>');
    }
  });

  test('is refused with a readable 400 when a locked block breaks the design schema, changing nothing', async () => {
    const { client } = await app.seller();
    const cases = [
      { id: 'x', type: 'html', html: 42 },
      { id: 'x', type: 'html', html: 'x'.repeat(20_001) },
      { id: 'x', type: 'html', html: '<p>ok</p>', widthPct: 0 },
      { id: 'x', type: 'htm', html: '<p>ok</p>' },
    ];
    for (const block of cases) {
      const response = await saveNewDraft(client, { blocks: [block] });
      expect(response.status, JSON.stringify(block).slice(0, 80)).toBe(400);
      expect(typeof response.body.error).toBe('string');
      expect(response.body.error.length).toBeLessThan(400);
    }
    expect((await client.get('/api/templates/new/draft')).body.draft).toBeNull();
  });

  test("is the seller's own: another seller reads their own (empty) draft and gets 404 for the published template", async () => {
    const owner = await app.seller();
    expect((await saveNewDraft(owner.client, importedDesign())).status).toBe(200);
    const created = await owner.client.post('/api/templates', content(importedDesign()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;

    const other = await app.seller();
    expect((await other.client.get('/api/templates/new/draft')).body.draft).toBeNull();
    expect((await other.client.get(`/api/templates/${id}`)).status).toBe(404);
    expect((await other.client.get(`/api/templates/${id}/draft`)).status).toBe(404);
    const overwrite = await other.client.put(`/api/templates/${id}/draft`, {
      baseRevision: 0,
      content: content(importedDesign('<p>Not yours</p>')),
    });
    expect(overwrite.status).toBe(404);
    expect((await other.client.post(`/api/emails/test/${id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/templates/${id}/draft`)).body.draft).toBeNull();
  });
});

describe('a published template with locked HTML', () => {
  test('is stored sanitised and reaches the test email rendered, in the HTML and the text part', async () => {
    const { client, email } = await app.seller();
    const created = await client.post('/api/templates', content(importedDesign()));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = (await client.get(`/api/templates/${created.body.id}`)).body;
    for (const html of lockedHtmlOf(stored.design)) expect(html).not.toMatch(BANNED);

    expect((await client.post(`/api/emails/test/${created.body.id}`)).status).toBe(200);
    const mail = await app.mail.waitFor((m) => m.to === email && m.subject.startsWith('[Test]'));
    expect(mail.html).toContain('Small print from <b>Lumen</b>');
    expect(mail.html).toContain('src="https://cdn.example/logo.png"');
    expect(mail.html).not.toMatch(BANNED);
    expect(mail.text).toContain('Small print from Lumen');
  });
});
