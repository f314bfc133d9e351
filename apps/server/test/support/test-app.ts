import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/app-config.ts';
import { users } from '../../src/infrastructure/db/schema.ts';
import type { AppContext } from '../../src/context.ts';
import { type RuntimeOverrides, startRuntime } from '../../src/runtime.ts';
import { untilIdle } from './idle.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { createTestDatabase } from './test-databases.ts';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A browser-like caller: keeps its own cookies and sends JSON. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    const all = init.headers as Record<string, string>;
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) {
      all['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line))
        this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      body: (type.includes('json') && text ? JSON.parse(text) : text) as T,
    };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body: unknown = {}) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body: unknown = {}) => this.request<T>('PUT', path, body);
  patch = <T = any>(path: string, body: unknown = {}) => this.request<T>('PATCH', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface TestApp {
  url: string;
  ctx: AppContext;
  mail: SmtpSink;
  /** The bounce listener's port, with BOUNCE_SMTP_PORT set (0 for any free port). */
  bounceSmtpPort: number | undefined;
  client(): TestClient;
  /**
   * Registers a seller with a unique email and returns a client signed in as them. The address
   * counts as verified unless `verified: false` (as if they had followed the mailed link).
   */
  seller(overrides?: {
    name?: string;
    password?: string;
    email?: string;
    verified?: boolean;
    /** The zone the browser reports at sign-up; none: the server's UTC. */
    timeZone?: string;
  }): Promise<{
    client: TestClient;
    email: string;
    password: string;
    user: { id: string; name: string; email: string; plan: string; timeZone: string };
  }>;
  /** Resolves once no background job or order is under way (see idle.ts). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

let sequence = 0;

/**
 * The real app on a fresh database of the engine under test, listening on a loopback port, with
 * its mail going over real SMTP to a sink the test can read.
 */
export async function startTestApp(
  overrides: RuntimeOverrides = {},
  options: {
    env?: Record<string, string>;
    mailTo?: 'smtp' | 'outbox';
    /** Another relay than the sink (one that misbehaves on purpose); the sink then gets nothing. */
    smtpUrl?: string;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const mail = await startSmtpSink();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }),
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    smtpUrl: options.mailTo === 'outbox' ? undefined : (options.smtpUrl ?? mail.url),
    port: 0,
  };
  const runtime = await startRuntime(config, {
    logger: false,
    ...overrides,
    // Every test registers its own sellers from one address; other limits stay as in production.
    rateLimits: { registerPerClient: { max: 10_000, windowMs: 60_000 }, ...overrides.rateLimits },
  });
  const app = runtime.app!;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  runtime.ctx.config.appUrl = url;

  return {
    url,
    ctx: runtime.ctx,
    mail,
    bounceSmtpPort: runtime.bounceSmtpPort,
    client: () => new TestClient(url),
    async seller(options = {}) {
      const client = new TestClient(url);
      const email = options.email ?? `seller${++sequence}-${Date.now()}@example.com`;
      const password = options.password ?? 'Correct-horse-1';
      const response = await client.post('/api/auth/register', {
        name: options.name ?? 'Ada Seller',
        email,
        password,
        ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      });
      if (response.status !== 201)
        throw new Error(`register failed: ${JSON.stringify(response.body)}`);
      if (options.verified !== false)
        await runtime.ctx.db
          .update(users)
          .set({ emailVerifiedAt: runtime.ctx.clock.now() })
          .where(eq(users.id, response.body.user.id));
      return { client, email, password, user: response.body.user };
    },
    idle: () => untilIdle(runtime.ctx.db),
    async close() {
      await runtime.stop();
      await mail.close();
      await database.drop();
    },
  };
}
