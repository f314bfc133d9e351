// One typed way to call the API: an endpoint of the contract, named by its key
// (`'PUT /templates/:id'`), with its params, query and body. The path is built from the endpoint's
// pattern and the reply is parsed with its reply schema, so the screens get exactly the contract's
// types, or a clear error.
//
// Only types come from @thankly/api-contract here: the endpoints and their zod schemas load
// through loadEndpoints() (in parallel with the request), never with a page's first chunk.
import type { EndpointInput, EndpointReply, HttpMethod } from '@thankly/api-contract';
import type { EndpointAt, EndpointKey } from '@thankly/api-contract/endpoints';
import { ApiError, errorTextOf, requestRaw } from './api.ts';
import { loadEndpoints } from './load-contract.ts';

/** The server answered 2xx with a body its endpoint's reply schema refuses. */
export class ReplyContractError extends Error {
  constructor(
    readonly endpoint: EndpointKey,
    detail: string,
  ) {
    super(`The reply of ${endpoint} does not match the API contract: ${detail}`);
    this.name = 'ReplyContractError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** `/templates/:id` with `{ id: 'a b' }` -> `/templates/a%20b`, then the query string if any. */
export function buildPath(pattern: string, params: object = {}, query: Query = {}): string {
  const values = params as Record<string, string | number>;
  const path = pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter :${name} of ${pattern}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type Args<K extends EndpointKey> =
  Record<never, never> extends EndpointInput<EndpointAt<K>>
    ? [input?: EndpointInput<EndpointAt<K>>]
    : [input: EndpointInput<EndpointAt<K>>];

/**
 * Calls the endpoint `key` names. A non-2xx answer is an ApiError with the server's text (and its
 * body, for a failure that says more, such as the templates still using an image); no answer is a
 * NetworkError; a 2xx reply that breaks the contract is a ReplyContractError.
 */
export async function callApi<K extends EndpointKey>(
  key: K,
  ...args: Args<K>
): Promise<EndpointReply<EndpointAt<K>>> {
  return (await callApiWithHeaders(key, ...args)).reply;
}

/** callApi, with the reply's Retry-After too (a success may ask the caller to wait, as well). */
export async function callApiWithHeaders<K extends EndpointKey>(
  key: K,
  ...[input]: Args<K>
): Promise<{ reply: EndpointReply<EndpointAt<K>>; retryAfter: number | null }> {
  // The key is the method and path, so the request leaves at once; the schemas load meanwhile.
  const contract = loadEndpoints();
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as HttpMethod;
  const parts = (input ?? {}) as { params?: object; query?: Query; body?: unknown };
  const res = await requestRaw(
    method,
    buildPath(key.slice(space + 1), parts.params, parts.query),
    parts.body,
  ).finally(() => contract.catch(() => {}));
  if (!res.ok) throw new ApiError(res.status, errorTextOf(res.body), res.retryAfter, res.body);
  const parsed = (await contract).endpointAt(key).reply.safeParse(res.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ReplyContractError(
      key,
      issue ? `${issue.path.join('.') || 'the reply'}: ${issue.message}` : 'unreadable',
    );
  }
  return { reply: parsed.data as EndpointReply<EndpointAt<K>>, retryAfter: res.retryAfter };
}
