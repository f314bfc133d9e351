import { z } from 'zod';
import { parseUpstreamJson, parseUpstreamReply } from '../../infrastructure/http/upstream-reply.ts';
import { GrantRevokedError, RateLimitedError } from '../marketplace-adapter.ts';

export interface ShopifyApiOptions {
  apiKey: string;
  apiSecret: string;
  apiVersion: string;
  /** `https://{shop}` in production; a simulator's address in tests. */
  shopUrl: string;
}

/** Shopify answered with an error status; the body is kept short and never holds our secrets. */
export class ShopifyHttpError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`Shopify answered ${status}: ${detail.slice(0, 200)}`);
  }
}

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  scope: z.string().default(''),
  /** Only for expiring offline tokens, with refresh_token. */
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
});
export type ShopifyTokens = z.infer<typeof tokenResponseSchema>;

const graphqlResponseSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        extensions: z.object({ code: z.string().optional() }).passthrough().optional(),
      }),
    )
    .optional(),
});

const REQUEST_TIMEOUT_MS = 10_000;

/** The two parts of Shopify's Admin API Thankly uses: the OAuth token endpoint and GraphQL. */
export class ShopifyApi {
  constructor(readonly options: ShopifyApiOptions) {}

  /** The shop's admin origin: `https://juniper.myshopify.com`, or the simulator's stand-in. */
  shopOrigin(shop: string): string {
    return this.options.shopUrl.replace('{shop}', shop);
  }

  async token(shop: string, body: Record<string, string>): Promise<ShopifyTokens> {
    const response = await this.post(shop, '/admin/oauth/access_token', {
      client_id: this.options.apiKey,
      client_secret: this.options.apiSecret,
      ...body,
    });
    return parseUpstreamReply('Shopify', tokenResponseSchema, await readJson(response));
  }

  async graphql<T>(
    shop: string,
    accessToken: string,
    query: string,
    variables: Record<string, unknown>,
    dataSchema: z.ZodType<T>,
  ): Promise<T> {
    const response = await this.post(
      shop,
      `/admin/api/${this.options.apiVersion}/graphql.json`,
      { query, variables },
      { 'x-shopify-access-token': accessToken },
    );
    const body = parseUpstreamReply('Shopify', graphqlResponseSchema, await readJson(response));
    if (body.errors?.length) {
      if (body.errors.some((e) => e.extensions?.code === 'THROTTLED'))
        throw new RateLimitedError(2);
      throw new ShopifyHttpError(200, body.errors.map((e) => e.message).join('; '));
    }
    return parseUpstreamReply('Shopify', dataSchema, body.data);
  }

  private async post(
    shop: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const response = await fetch(this.shopOrigin(shop) + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.ok) return response;
    const detail = await response.text().catch(() => '');
    if (response.status === 401 && headers['x-shopify-access-token'])
      throw new GrantRevokedError(
        'Shopify no longer accepts Thankly’s access to this shop (the app was uninstalled or its access revoked). Please connect it again.',
      );
    if (response.status === 429)
      throw new RateLimitedError(Number(response.headers.get('retry-after')) || 2);
    throw new ShopifyHttpError(response.status, detail);
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseUpstreamJson('Shopify', await response.text());
}
