import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { EtsyApi } from '../../marketplace/etsy/etsy-api.ts';
import { registerErrorHandler } from './errors.ts';
import { parseInput } from './validate.ts';

// A stand-in for Etsy that answers with a reply outside its contract: a list where an object
// belongs, and once, a page that is not JSON at all.
let etsy: Server;
let etsyUrl: string;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  etsy = createServer((request, response) => {
    if (request.url?.startsWith('/v3/html')) {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ count: 'many', results: { secret: 'buyer@example.com' } }));
  });
  await new Promise<void>((resolve) => etsy.listen(0, '127.0.0.1', resolve));
  etsyUrl = `http://127.0.0.1:${(etsy.address() as AddressInfo).port}`;

  const api = new EtsyApi({
    apiUrl: etsyUrl,
    keystring: 'k',
    sharedSecret: 's',
    consumeBudget: async () => {},
  });
  const receipts = z.object({ count: z.number(), results: z.array(z.object({})) });
  app = Fastify({ logger: { level: 'error', stream: { write: (line) => logLines.push(line) } } });
  registerErrorHandler(app);
  app.post('/input', async (request) => parseInput(z.object({ name: z.string() }), request.body));
  app.get('/stored', async () => z.object({ plan: z.enum(['free']) }).parse({ plan: 'gold' }));
  app.get('/etsy', async () => api.get('/v3/receipts', receipts, 'token'));
  app.get('/etsy-html', async () => api.get('/v3/html', receipts, 'token'));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => etsy?.close(resolve));
});

test('bad input is a 400 with the schema’s message', async () => {
  const response = await app.inject({ method: 'POST', url: '/input', payload: { name: 7 } });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: 'Invalid input: expected string, received number' });
});

test('a schema failure that is not input parsing is a 500: logged, with nothing of it sent', async () => {
  logLines.length = 0;
  const response = await app.inject({ method: 'GET', url: '/stored' });
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ error: 'Something went wrong. Please try again.' });
  expect(logLines.join('')).toMatch(/plan/);
});

test('a third party’s reply that fails its schema is a 502 a person can read; the broken rules are logged', async () => {
  logLines.length = 0;
  const response = await app.inject({ method: 'GET', url: '/etsy' });
  expect(response.statusCode).toBe(502);
  expect(response.json()).toEqual({
    error: 'Etsy sent a reply Thankly could not understand. Please try again in a few minutes.',
  });
  const logged = logLines.join('');
  expect(logged).toMatch(/Etsy reply failed its schema: count: .*; results: /);
  // The reply's values stay out of the log as they stay out of the answer.
  expect(logged).not.toContain('buyer@example.com');
  expect(response.body).not.toContain('results');
});

test('a third party’s reply that is not JSON is a 502 too', async () => {
  const response = await app.inject({ method: 'GET', url: '/etsy-html' });
  expect(response.statusCode).toBe(502);
  expect(response.json().error).toMatch(/^Etsy sent a reply Thankly could not understand/);
});
