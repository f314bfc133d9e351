// GET/PUT /api/brand: the seller's own brand kit, validated, partial saves keep what was saved.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BRAND_SIGN_OFF_MAX } from '@thankly/api-contract';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const NOTHING = {
  logoUrl: null,
  primaryColor: null,
  backgroundColor: null,
  textColor: null,
  fontFamily: null,
  signOff: null,
};

const FULL = {
  logoUrl: 'https://cdn.shop.test/media/logo-1a2b.png',
  primaryColor: '#0F766E',
  backgroundColor: '#fdf6ec',
  textColor: '#1e293b',
  fontFamily: "'Playfair Display', Georgia, serif",
  signOff: '  Warmly,\nAnna & the studio  ',
};
const FULL_STORED = {
  ...FULL,
  primaryColor: '#0f766e',
  signOff: 'Warmly,\nAnna & the studio',
};

async function brandOf(client: TestClient) {
  const response = await client.get('/api/brand');
  expect(response.status).toBe(200);
  return response.body.brand;
}

describe('the brand kit', () => {
  test('needs a signed-in seller', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/brand')).status).toBe(401);
    expect((await anonymous.put('/api/brand', FULL)).status).toBe(401);
  });

  test('is all null before the seller saves one', async () => {
    const { client } = await app.seller();
    expect(await client.get('/api/brand')).toMatchObject({ status: 200, body: { brand: NOTHING } });
  });

  test('saves every field, normalised, and reads it back', async () => {
    const { client } = await app.seller();
    const saved = await client.put('/api/brand', FULL);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ brand: FULL_STORED });
    expect(await brandOf(client)).toEqual(FULL_STORED);
  });

  test('is never visible to another seller, and another seller’s save never touches it', async () => {
    const a = await app.seller();
    const b = await app.seller();
    expect((await a.client.put('/api/brand', FULL)).status).toBe(200);
    expect(await brandOf(b.client)).toEqual(NOTHING);
    expect((await b.client.put('/api/brand', { primaryColor: '#111111' })).status).toBe(200);
    expect(await brandOf(a.client)).toEqual(FULL_STORED);
    expect(await brandOf(b.client)).toEqual({ ...NOTHING, primaryColor: '#111111' });
  });

  test('a partial save keeps every field it does not name; null or "" clears one', async () => {
    const { client } = await app.seller();
    await client.put('/api/brand', FULL);
    expect((await client.put('/api/brand', { primaryColor: '#b91c1c' })).body.brand).toEqual({
      ...FULL_STORED,
      primaryColor: '#b91c1c',
    });
    expect((await client.put('/api/brand', { logoUrl: null, signOff: '' })).body.brand).toEqual({
      ...FULL_STORED,
      primaryColor: '#b91c1c',
      logoUrl: null,
      signOff: null,
    });
    expect((await client.put('/api/brand', {})).body.brand).toEqual({
      ...FULL_STORED,
      primaryColor: '#b91c1c',
      logoUrl: null,
      signOff: null,
    });
    expect(await brandOf(client)).toEqual({
      ...FULL_STORED,
      primaryColor: '#b91c1c',
      logoUrl: null,
      signOff: null,
    });
  });

  test.each<[string, unknown]>([
    ['a javascript: logo', { logoUrl: 'javascript:alert(1)' }],
    ['a data: logo', { logoUrl: 'data:image/png;base64,iVBORw0KGgo=' }],
    ['a logo address with a quote', { logoUrl: 'https://cdn.test/a".png' }],
    ['a logo address with a space', { logoUrl: 'https://cdn.test/a b.png' }],
    ['an over-long logo address', { logoUrl: `https://cdn.test/${'a'.repeat(2100)}.png` }],
    ['a colour carrying CSS', { primaryColor: 'red;background:url(x)' }],
    ['a named colour', { backgroundColor: 'red' }],
    ['a short hex colour', { textColor: '#fff' }],
    ['a font with ;', { fontFamily: 'Arial; color: red' }],
    ['a font with }', { fontFamily: 'Arial}body{background:red' }],
    ['a 10k sign-off', { signOff: 'x'.repeat(10_000) }],
    ['a sign-off one over the limit', { signOff: 'x'.repeat(BRAND_SIGN_OFF_MAX + 1) }],
    ['a number for a colour', { primaryColor: 0x0f766e }],
    ['an object for a sign-off', { signOff: { html: '<b>x</b>' } }],
    ['an array body', [FULL]],
    ['a string body', 'primaryColor=#000000'],
    ['a null body', null],
    ['an unknown field', { primaryColour: '#000000' }],
    ['a good field beside a bad one', { primaryColor: '#000000', logoUrl: 'javascript:x' }],
  ])('refuses %s with a 400 and changes nothing', async (_name, body) => {
    const { client } = await app.seller();
    await client.put('/api/brand', FULL);
    const response = await client.request(
      'PUT',
      '/api/brand',
      typeof body === 'string' ? JSON.stringify(body) : body === null ? 'null' : body,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(typeof response.body.error).toBe('string');
    expect(await brandOf(client)).toEqual(FULL_STORED);
  });

  test('refuses a save from another site, as every JSON call does', async () => {
    const { client } = await app.seller();
    await client.put('/api/brand', FULL);
    const crossSite = await client.request(
      'PUT',
      '/api/brand',
      { primaryColor: '#000000' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const simpleForm = await client.request('PUT', '/api/brand', 'primaryColor=%23000000', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(simpleForm.status).toBeGreaterThanOrEqual(400);
    expect(await brandOf(client)).toEqual(FULL_STORED);
  });

  test('takes a sign-off right at the limit', async () => {
    const { client } = await app.seller();
    const signOff = 'x'.repeat(BRAND_SIGN_OFF_MAX);
    expect((await client.put('/api/brand', { signOff })).body.brand.signOff).toBe(signOff);
  });
});
