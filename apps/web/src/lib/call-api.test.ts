import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, messageFor } from './api.ts';
import { ReplyContractError, buildPath, callApi } from './call-api.ts';

function answer(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('buildPath', () => {
  it('fills and encodes the path parameters and adds the query without empty values', () => {
    expect(buildPath('/templates/:id', { id: 'a b/c?' })).toBe('/templates/a%20b%2Fc%3F');
    expect(buildPath('/media/:id', { id: 'x' }, { force: 'true', other: undefined })).toBe(
      '/media/x?force=true',
    );
    expect(buildPath('/insights', {}, { from: '2026-05-01', to: '2026-05-31' })).toBe(
      '/insights?from=2026-05-01&to=2026-05-31',
    );
    expect(() => buildPath('/templates/:id', {})).toThrow(/Missing path parameter :id/);
  });
});

describe('callApi', () => {
  it('sends the method, the built path and the JSON body, and returns the parsed reply', async () => {
    const fetchMock = answer({ isPaused: true, extra: 'dropped' });
    const reply = await callApi('PATCH /me/pause', { body: { isPaused: true } });
    expect(reply).toEqual({ isPaused: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/pause');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"isPaused":true}');
  });

  it('encodes the id of the path', async () => {
    const fetchMock = answer({ selectedTemplateId: 'a/b' });
    await callApi('POST /templates/selectors/select/:id', { params: { id: 'a/b' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/templates/selectors/select/a%2Fb');
  });

  it('turns a reply outside the contract into a clear error, and a screen shows its fallback', async () => {
    answer({ isPaused: 'yes' });
    const failure = await callApi('PATCH /me/pause', { body: { isPaused: true } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ReplyContractError);
    expect((failure as Error).message).toBe(
      'The reply of PATCH /me/pause does not match the API contract: isPaused: Invalid input: expected boolean, received string',
    );
    expect(messageFor(failure, 'Unable to update pause state')).toBe(
      'Unable to update pause state',
    );
  });

  it("keeps the server's text, status, Retry-After and body on a failure", async () => {
    answer({ error: 'Slow down.', usedIn: [] }, 429, { 'Retry-After': '30' });
    const failure = (await callApi('GET /media').catch((error: unknown) => error)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect([failure.status, failure.serverMessage, failure.retryAfter]).toEqual([
      429,
      'Slow down.',
      30,
    ]);
    expect(failure.body).toEqual({ error: 'Slow down.', usedIn: [] });
  });

  it('reads a 204 as no content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(callApi('DELETE /media/:id', { params: { id: 'm1' } })).resolves.toBeNull();
  });

  it('is a NetworkError when nothing answered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(callApi('GET /brand')).rejects.toBeInstanceOf(NetworkError);
  });
});
