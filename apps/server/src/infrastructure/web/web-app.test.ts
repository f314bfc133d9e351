import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

// A built web app in miniature, as apps/web's prerender step writes it.
const SHELL =
  '<html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';
const NOT_FOUND =
  '<html><body><h1>Page not found</h1><code>/__thankly-requested-path__</code></body></html>';
const PRICING = '<html><body><h1>Simple pricing</h1></body></html>';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

let distDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'thankly-web-'));
  await mkdir(path.join(distDir, 'pricing'));
  await writeFile(path.join(distDir, 'spa.html'), SHELL);
  await writeFile(path.join(distDir, '404.html'), NOT_FOUND);
  await writeFile(path.join(distDir, 'pricing', 'index.html'), PRICING);
  await writeFile(path.join(distDir, 'favicon.svg'), FAVICON);
  await writeFile(path.join(distDir, 'spa-routes.json'), JSON.stringify(['/thankly', '/Account']));
  app = Fastify();
  await registerWebApp(app, distDir);
});

afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('serving the built web app', () => {
  it('sends prerendered pages, and the app shell for the app’s routes', async () => {
    expect((await get('/pricing')).body).toBe(PRICING);
    for (const url of ['/thankly', '/thankly/', '/Account?tab=billing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('sends the static 404 page, naming the path, for anything else', async () => {
    for (const [url, shown] of [
      ['/no-such-page', '/no-such-page'],
      ['/account', '/account'], // routes are case-sensitive, as in the app
      ['/thankly/nope?x=1', '/thankly/nope'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(NOT_FOUND.replace('/__thankly-requested-path__', shown));
    }
  });

  it('escapes a hostile path instead of writing it into the page', async () => {
    const script = await get('/<script>alert(1)</script>');
    expect(script.body).not.toContain('<script>');
    expect((await get('/tom&jerry')).body).toContain('<code>/tom&amp;jerry</code>');
  });

  it('answers /favicon.ico with the app’s SVG icon, for pages that name no icon', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toBe(FAVICON);
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
  });
});
