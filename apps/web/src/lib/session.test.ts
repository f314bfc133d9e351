import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { whenQueriesIdle } from './session.ts';

describe('logging out waits for the loads in flight', () => {
  test('resolves at once when nothing is loading', async () => {
    await expect(whenQueriesIdle(new QueryClient())).resolves.toBeUndefined();
  });

  test('resolves only after the last running query has its answer', async () => {
    const client = new QueryClient();
    let answer!: (value: string) => void;
    const load = client.fetchQuery({
      queryKey: ['shops'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    let idle = false;
    const waiting = whenQueriesIdle(client).then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false);
    answer('done');
    await load;
    await waiting;
    expect(idle).toBe(true);
  });

  test('gives up waiting after the timeout, so logout never hangs', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => {}) });
    const started = Date.now();
    await whenQueriesIdle(client, 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
