import { z } from 'zod';
import { parseUpstreamJson, parseUpstreamReply } from '../../infrastructure/http/upstream-reply.ts';
import { BudgetExhaustedError, RateLimitedError } from '../marketplace-adapter.ts';

export interface EtsyApiOptions {
  /** Origin to which /v3/... paths are appended. */
  apiUrl: string;
  keystring: string;
  sharedSecret: string;
  /** Takes one request from the app's daily budget; throws BudgetExhaustedError when none is left. */
  consumeBudget: () => Promise<void>;
  /** Resolves when this process may make its next call within Etsy's per-second limit. */
  rateGate?: () => Promise<void>;
  /** How often a 429 is retried (after Retry-After, with exponential backoff) before giving up. */
  maxRetries?: number;
  /** How long one call may take before it is given up (and its job retried later). */
  callTimeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Etsy answers in well under a second; a call still open after this is hanging, and the job that
 * made it is better retried later than left holding a worker.
 */
const DEFAULT_CALL_TIMEOUT_MS = 15_000;

/** Etsy answered with an error status; `body.error` is its explanation. */
export class EtsyHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; error_description?: string },
  ) {
    super(`Etsy answered ${status}: ${body.error_description ?? body.error ?? 'no details'}`);
  }
}

const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.string().optional(),
});
export type EtsyTokens = z.infer<typeof tokenResponseSchema>;

const MAX_BACKOFF_MS = 60_000;

/**
 * Etsy Open API v3 over HTTP: every call carries the `keystring:shared_secret` x-api-key, spends
 * one request of the daily budget, and backs off on 429 as Retry-After asks.
 */
export class EtsyApi {
  private readonly sleep: (ms: number) => Promise<void>;
  constructor(private readonly options: EtsyApiOptions) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private get apiKey(): string {
    return `${this.options.keystring}:${this.options.sharedSecret}`;
  }

  async get<T>(
    path: string,
    schema: z.ZodType<T>,
    accessToken: string,
    query: Record<string, string | number | boolean> = {},
  ): Promise<T> {
    const url = new URL(path, this.options.apiUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const body = await this.send(url, {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return parseUpstreamReply('Etsy', schema, body);
  }

  /** A write: Etsy's v3 reference gives updateShop a JSON body. */
  async put<T>(
    path: string,
    schema: z.ZodType<T>,
    accessToken: string,
    body: Record<string, string>,
  ): Promise<T> {
    const url = new URL(path, this.options.apiUrl);
    const reply = await this.send(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return parseUpstreamReply('Etsy', schema, reply);
  }

  async token(form: Record<string, string>): Promise<EtsyTokens> {
    const url = new URL('/v3/public/oauth/token', this.options.apiUrl);
    const body = await this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return parseUpstreamReply('Etsy', tokenResponseSchema, body);
  }

  private async send(
    url: URL,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      await this.options.rateGate?.();
      await this.options.consumeBudget();
      const response = await fetch(url, {
        ...init,
        headers: { ...init.headers, 'x-api-key': this.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS),
      });
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get('retry-after')) || 1;
        if (attempt >= maxRetries) throw new RateLimitedError(retryAfter);
        const backoff = Math.min(MAX_BACKOFF_MS, Math.max(retryAfter * 1000, 500 * 2 ** attempt));
        await this.sleep(backoff);
        continue;
      }
      const text = await response.text();
      if (!response.ok) throw new EtsyHttpError(response.status, errorBody(text));
      return parseUpstreamJson('Etsy', text);
    }
  }
}

/** Etsy's explanation of an error status, when it gave one as JSON (a proxy's page gives none). */
function errorBody(text: string): EtsyHttpError['body'] {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null ? (body as EtsyHttpError['body']) : {};
  } catch {
    return {};
  }
}

export { BudgetExhaustedError };
