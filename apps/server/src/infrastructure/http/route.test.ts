import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@thankly/api-contract';
import { noContentSchema } from '@thankly/api-contract/endpoints';
import type { AppContext } from '../../context.ts';
import { registerErrorHandler } from './errors.ts';
import { route } from './route.ts';

const getThing = endpoint({
  method: 'GET',
  path: '/things/:id',
  params: z.object({ id: z.uuid() }),
  paramsNotFound: 'Thing not found.',
  query: z.object({ size: z.coerce.number().int().max(10, 'Ask for at most 10.').default(1) }),
  reply: z.object({ id: z.string(), size: z.number() }),
});

const createThing = endpoint({
  method: 'POST',
  path: '/things',
  body: z.object({ name: z.string('Please name the thing.').min(1, 'Please name the thing.') }),
  reply: z.object({ name: z.string() }),
  status: 201,
});

const forgetThing = endpoint({
  method: 'DELETE',
  path: '/things',
  reply: noContentSchema,
  status: 204,
});

const ID = '4b7f6f5e-2f49-4c55-9f1a-0b6a1c1f9a11';

async function appWith(env: 'test' | 'production', replyName: unknown = 'Lamp') {
  const app = Fastify();
  app.decorate('ctx', { config: { env } } as unknown as AppContext);
  registerErrorHandler(app);
  route(app, getThing)(async ({ params, query }) => ({ id: params.id, size: query.size }));
  // The handler's type is the reply schema's: only a cast can break it, as drift would at runtime.
  route(app, createThing)(async () => ({ name: replyName as string }));
  route(app, forgetThing)(async () => null);
  await app.ready();
  return app;
}

describe('route', () => {
  it('parses params and query with the endpoint’s schemas', async () => {
    const app = await appWith('test');
    const ok = await app.inject({ method: 'GET', url: `/things/${ID}?size=3` });
    expect([ok.statusCode, ok.json()]).toEqual([200, { id: ID, size: 3 }]);
    const defaulted = await app.inject({ method: 'GET', url: `/things/${ID}` });
    expect(defaulted.json()).toEqual({ id: ID, size: 1 });
    const tooBig = await app.inject({ method: 'GET', url: `/things/${ID}?size=11` });
    expect([tooBig.statusCode, tooBig.json()]).toEqual([400, { error: 'Ask for at most 10.' }]);
  });

  it('answers a malformed id with the endpoint’s 404, as a missing record', async () => {
    const app = await appWith('test');
    const res = await app.inject({ method: 'GET', url: '/things/not-a-uuid' });
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'Thing not found.' }]);
  });

  it('refuses a bad body with a readable 400 and sends the endpoint’s status', async () => {
    const app = await appWith('test');
    const bad = await app.inject({ method: 'POST', url: '/things', payload: { name: '' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'Please name the thing.' }]);
    const missing = await app.inject({ method: 'POST', url: '/things', payload: {} });
    expect(missing.json()).toEqual({ error: 'Please name the thing.' });
    const made = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Lamp' } });
    expect([made.statusCode, made.json()]).toEqual([201, { name: 'Lamp' }]);
    const gone = await app.inject({ method: 'DELETE', url: '/things', payload: {} });
    expect([gone.statusCode, gone.body]).toEqual([204, '']);
  });

  it('catches a reply outside the contract in tests, and lets it through in production', async () => {
    const drifted = await appWith('test', 42);
    const res = await drifted.inject({ method: 'POST', url: '/things', payload: { name: 'x' } });
    expect([res.statusCode, res.json()]).toEqual([
      500,
      { error: 'Something went wrong. Please try again.' },
    ]);
    const production = await appWith('production', 42);
    const sent = await production.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x' },
    });
    expect([sent.statusCode, sent.json()]).toEqual([201, { name: 42 }]);
  });
});
