// GET /api/templates/gallery: the starter designs and Blank, wearing the seller's own brand, each of
// which saves as a template unchanged.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { galleryResponseSchema } from '@thankly/api-contract';
import { renderEmail, type DesignInput } from '@thankly/email';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const BRAND = {
  logoUrl: 'https://cdn.shop.test/media/logo-77aa.png',
  primaryColor: '#0f766e',
  backgroundColor: '#fdf6ec',
  textColor: '#1e293b',
  fontFamily: 'Lora, Georgia, serif',
  signOff: 'Warmly,\nAnna at [shop-name]',
};

const STARTERS = [
  'classic',
  'welcome',
  'coupon',
  'story',
  'holiday',
  'review',
  'shipped',
  'delivered',
  'blank',
];

type Gallery = { designs: { id: string; name: string; subject: string; design: DesignInput }[] };

function buttonsOf(design: DesignInput) {
  const found: { buttonColor?: string; textColor?: string }[] = [];
  for (const block of design.blocks ?? []) {
    if (block.type === 'button') found.push(block);
    if (block.type === 'columns')
      for (const column of block.columns ?? [])
        for (const item of column.items ?? []) if (item.type === 'button') found.push(item);
  }
  return found;
}

describe('the starter-design gallery', () => {
  test('needs a signed-in seller', async () => {
    expect((await app.client().get('/api/templates/gallery')).status).toBe(401);
  });

  test('is its own route, not a template id (which would be a 404)', async () => {
    const { client } = await app.seller();
    const response = await client.get('/api/templates/gallery');
    expect(response.status).toBe(200);
    expect(galleryResponseSchema.parse(response.body).designs.map((d) => d.id)).toEqual(STARTERS);
    // The neighbours still behave.
    expect((await client.get('/api/templates/galleryx')).status).toBe(404);
    expect((await client.get('/api/templates/gallery/')).status).toBe(200);
  });

  test('without a brand: the designs as drawn, no logo picture yet', async () => {
    const { client } = await app.seller();
    const { designs } = (await client.get<Gallery>('/api/templates/gallery')).body;
    for (const { design } of designs) {
      expect(renderEmail(design).html).not.toContain('<img');
    }
  });

  test('wears the seller’s brand: logo, primary colour on every button, and never another seller’s', async () => {
    const a = await app.seller();
    const b = await app.seller();
    expect((await a.client.put('/api/brand', BRAND)).status).toBe(200);
    const { designs } = (await a.client.get<Gallery>('/api/templates/gallery')).body;
    expect(designs.map((d) => d.id)).toEqual(STARTERS);
    for (const { id, design } of designs) {
      const { html, text } = renderEmail(design);
      expect(html, id).toContain(`<img src="${BRAND.logoUrl}" alt="[shop-name]"`);
      const buttons = buttonsOf(design);
      if (id !== 'blank') expect(buttons.length, id).toBeGreaterThan(0);
      for (const button of buttons) {
        expect(button).toMatchObject({ buttonColor: '#0f766e', textColor: '#ffffff' });
      }
      for (const roundrect of html.match(/<v:roundrect\b[^>]*>/g) ?? []) {
        expect(roundrect).toContain('fillcolor="#0f766e"');
      }
      expect(design.global).toMatchObject({
        backdropColor: '#fdf6ec',
        textColor: '#1e293b',
        fontFamily: 'Lora, Georgia, serif',
      });
      expect(text).toContain('Anna at [shop-name]');
    }
    const other = (await b.client.get<Gallery>('/api/templates/gallery')).body.designs;
    for (const { design } of other) {
      expect(JSON.stringify(design)).not.toContain(BRAND.logoUrl);
      expect(JSON.stringify(design)).not.toContain('Anna at');
    }
  });

  test('follows a change of brand at once', async () => {
    const { client } = await app.seller();
    await client.put('/api/brand', { primaryColor: '#facc15' });
    const { designs } = (await client.get<Gallery>('/api/templates/gallery')).body;
    const coupon = designs.find((d) => d.id === 'coupon')!;
    // Near-black words on a yellow button: white would not read.
    expect(buttonsOf(coupon.design)[0]).toMatchObject({
      buttonColor: '#facc15',
      textColor: '#111111',
    });
  });

  test.each([
    ['without a brand', null],
    ['with a brand', BRAND],
  ])('every design saves as a template and comes back unchanged (%s)', async (_label, brand) => {
    const { client } = await app.seller();
    if (brand) await client.put('/api/brand', brand);
    const { designs } = (await client.get<Gallery>('/api/templates/gallery')).body;
    for (const starter of designs) {
      const created = await client.post('/api/templates', {
        name: starter.name,
        subject: starter.subject,
        design: starter.design,
      });
      expect(created.status, `${starter.id}: ${JSON.stringify(created.body)}`).toBe(201);
      const loaded = await client.get(`/api/templates/${created.body.id}`);
      expect(loaded.status).toBe(200);
      expect(loaded.body.design, starter.id).toEqual(starter.design);
      expect(loaded.body.subject).toBe(starter.subject);
      // One at a time, within any plan's template limit.
      expect((await client.delete(`/api/templates/${created.body.id}`)).status).toBe(200);
    }
  });
});
