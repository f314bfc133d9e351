import type { ErrorBody } from '@thankly/api-contract';

/** A failed API call: the server's readable `error` text, its status and any Retry-After wait. */
export class ApiError extends Error {
  readonly status: number;
  /** Seconds from the Retry-After header, when the server sent one. */
  readonly retryAfter: number | null;
  /** The `error` text of the reply body; null when the server sent none. */
  readonly serverMessage: string | null;
  /** The whole failure body, for a failure that says more than its text (an image's `usedIn`). */
  readonly body: unknown;

  constructor(
    status: number,
    serverMessage: string | null,
    retryAfter: number | null = null,
    body: unknown = null,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfter = retryAfter;
    this.body = body;
  }
}

/** Thrown when the request never got an answer (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RawResponse {
  ok: boolean;
  status: number;
  body: unknown;
  retryAfter: number | null;
}

/** Retry-After is either delta-seconds or an HTTP date; both become whole seconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The `error` field of a failure body, if it has one. */
export function errorTextOf(body: unknown): string | null {
  // A hand check rather than errorBodySchema: this module is in every page's first chunk and must
  // not pull in the schema library.
  const error = (body as Partial<ErrorBody> | null)?.error;
  return typeof error === 'string' && error ? error : null;
}

/**
 * One call to `/api` + path with cookies. The app calls endpoints through callApi (call-api.ts),
 * which parses replies with the contract's schemas; only the public site's scripts, which must not
 * load the schema library, call this directly (and read the few fields they need by hand). State-changing calls always carry a JSON body (`{}` when
 * there is no payload) because the server accepts only `application/json` for them.
 * Never throws for an HTTP status; throws NetworkError when there was no answer.
 */
export async function requestRaw(
  method: Method,
  path: string,
  body?: unknown,
): Promise<RawResponse> {
  const hasBody = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      headers: hasBody
        ? { 'Content-Type': 'application/json', Accept: 'application/json' }
        : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  let parsed: unknown = null;
  if (response.status !== 204) {
    const text = await response.text().catch(() => '');
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
  }
  return {
    ok: response.ok,
    status: response.status,
    body: parsed,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  };
}

/** For queries: a 4xx will not change by asking again; a 5xx or no answer gets one more try. */
export function retryServerErrors(count: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status < 500) && count < 1;
}

/**
 * The message to show for a failed call: the server's own text when it answered with one for a
 * request it understood, otherwise the screen's fallback. A 404/405 means the endpoint is not there
 * (e.g. billing before it ships), and a 5xx or network failure has nothing a person can act on.
 */
export function messageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    if (error.status === 404 || error.status === 405) return fallback;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}
