import { afterEach, beforeEach, expect, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { allEndpoints } from '@thankly/api-contract/endpoints';
import {
  type Endpoint,
  BOUNCE_RATE_LIMIT,
  COMPLAINT_RATE_LIMIT,
  HEALTH_MINIMUM_SAMPLE,
  HEALTH_WINDOW_DAYS,
  type DeliveryHealth,
  type Shop,
} from '@thankly/api-contract';
import { AppRoutes } from '../app.tsx';
import { clearToasts } from '../lib/toast.ts';

export type Handler = (body: unknown, request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const SELLER = {
  id: 'u1',
  name: 'Elena',
  email: 'elena@example.com',
  plan: 'free' as const,
  emailVerified: true,
  /** Every time the app shows her is on this clock, labelled ("10:00 AM EEST"). */
  timeZone: 'Europe/Athens',
};

/** A connected shop as GET /shops lists it; `over` for its marketplace, name and the rest. */
export function connectedShop(over: Partial<Shop> = {}): Shop {
  return {
    id: 's1',
    marketplace: 'woocommerce',
    name: 'Juniper',
    url: 'https://juniper.example',
    status: 'connected',
    statusReason: null,
    isDemo: false,
    connectedAt: '2026-05-01T10:00:00Z',
    lastOrderAt: null,
    thankBy: 'email',
    ...over,
  };
}

/** GET /deliverability/health for a seller with nothing sent yet; `over` for other numbers. */
export function healthyDelivery(over: Partial<DeliveryHealth> = {}): DeliveryHealth {
  return {
    windowDays: HEALTH_WINDOW_DAYS,
    sent: 0,
    bounces: 0,
    complaints: 0,
    bounceRate: 0,
    complaintRate: 0,
    bounceLimit: BOUNCE_RATE_LIMIT,
    complaintLimit: COMPLAINT_RATE_LIMIT,
    minimumSample: HEALTH_MINIMUM_SAMPLE,
    paused: null,
    ...over,
  };
}

/**
 * Replaces fetch with a table of "METHOD /path" handlers (path without /api). Unknown calls fail
 * the test; the session check answers 401 and page views 204 unless a test overrides them.
 */
/** Everything /thankly asks for on load, with nothing in it. */
export function dashboardHandlers(): Record<string, Handler> {
  return {
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /templates/': () => json({ templates: [] }),
    'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
    'GET /templates/effective': () =>
      json({ templateId: null, overridden: false, date: '2026-05-02' }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /shops': () =>
      json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
    'GET /activity': () => json({ items: [] }),
    'GET /by-hand/summary': () => json({ waiting: 0 }),
    'GET /sending/settings': () => json({ couponCode: '' }),
    'GET /deliverability/health': () => json(healthyDelivery()),
  };
}

/**
 * What POST /templates answers for a saved `body`: the server's template, with the fields the
 * server adds (id, rendered html, dates).
 */
export function savedTemplate(body: unknown, id = 'new'): Record<string, unknown> {
  return {
    subject: '',
    preheader: '',
    language: 'en',
    html: '',
    sendConditions: { enabled: false, startDate: null, endDate: null },
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
    ...(body as object),
    id,
  };
}

/** Replies a test sends on purpose though the server never would (to see the app cope). */
const offContractReplies = new WeakSet<Response>();

/** Marks a mocked reply as deliberately outside the contract, so the contract check lets it pass. */
export function offContract(response: Response): Response {
  offContractReplies.add(response);
  return response;
}

/** The contract's endpoint for a mocked "METHOD /path" (a static path wins over a `:param` one). */
function endpointFor(method: string, path: string): Endpoint | undefined {
  const candidates = allEndpoints().filter(
    (e) => e.method === method && new RegExp(`^${e.path.replace(/:\w+/g, '[^/]+')}$`).test(path),
  );
  return candidates.find((e) => e.path === path) ?? candidates[0];
}

/** Mocked replies that broke their endpoint's reply schema: each fails its test. */
const contractBreaches: string[] = [];

/**
 * A mocked 2xx reply must be one the server could send: it is parsed with the endpoint's reply
 * schema, and a mock that drifted from the contract fails the test (the call fails too, as the app
 * would fail on such a reply).
 */
async function checkAgainstContract(key: string, path: string, response: Response) {
  if (!response.ok || offContractReplies.has(response)) return;
  const [method] = key.split(' ');
  const endpoint = endpointFor(method!, path);
  if (!endpoint) {
    contractBreaches.push(`${key} is not an endpoint of the API contract`);
    return;
  }
  const text = response.status === 204 ? '' : await response.clone().text();
  const parsed = endpoint.reply.safeParse(text ? JSON.parse(text) : null);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    contractBreaches.push(
      `The mocked reply of ${key} breaks the contract at ${issue.path.join('.') || 'the reply'}: ${issue.message}`,
    );
  }
}

/**
 * The editor autosaves a draft of every template it opens (issue 38): unless a test says otherwise,
 * there is no draft, and a save is kept as the next revision.
 */
function draftFallback(method: string, path: string): Handler | undefined {
  if (!/^\/templates\/[^/]+\/draft$/.test(path)) return undefined;
  if (method === 'GET') return () => json({ draft: null });
  if (method === 'DELETE') return () => json({ ok: true });
  if (method === 'PUT')
    return (body) => {
      const { baseRevision, content } = body as { baseRevision: number; content: unknown };
      return json({ revision: baseRevision + 1, updatedAt: new Date().toISOString(), content });
    };
  return undefined;
}

export function mockApi(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown; contentType: string | null }> = [];
  const table: Record<string, Handler> = {
    'GET /auth/me': () => json({ error: 'Not logged in' }, 401),
    'POST /analytics/page-view': () => new Response(null, { status: 204 }),
    // Every app page asks whether mail is kept locally; mail goes out unless a test says otherwise.
    'GET /outbox': () => json({ enabled: false, messages: [] }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const key = `${request.method} ${path}`;
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ key, body, contentType: request.headers.get('content-type') });
    const handler = table[key] ?? draftFallback(request.method, path);
    if (!handler) throw new Error(`Unexpected API call ${key}`);
    const response = await handler(body, request);
    await checkAgainstContract(key, path, response);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (key: string) => calls.filter((c) => c.key === key) };
}

/** Renders the whole app (header, routes, toasts) at `path`, as a browser would open it. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** An unexpected console.error fails the test; jsdom lacks scrolling, so it is stubbed. */
export function useTestEnvironment() {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    cleanup();
    clearToasts();
    vi.unstubAllGlobals();
    expect(contractBreaches.splice(0)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
}
