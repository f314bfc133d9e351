import { afterEach, beforeEach, expect, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  BOUNCE_RATE_LIMIT,
  COMPLAINT_RATE_LIMIT,
  HEALTH_MINIMUM_SAMPLE,
  HEALTH_WINDOW_DAYS,
  type DeliveryHealth,
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
};

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
    'GET /shops': () => json({ shops: [] }),
    'GET /activity': () => json({ items: [] }),
    'GET /by-hand/summary': () => json({ waiting: 0 }),
    'GET /sending/settings': () => json({ couponCode: '' }),
    'GET /deliverability/health': () => json(healthyDelivery()),
  };
}

export function mockApi(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown; contentType: string | null }> = [];
  const table: Record<string, Handler> = {
    'GET /auth/me': () => json({ error: 'Not logged in' }, 401),
    'POST /analytics/page-view': () => new Response(null, { status: 204 }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const key = `${request.method} ${path}`;
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ key, body, contentType: request.headers.get('content-type') });
    const handler = table[key];
    if (!handler) throw new Error(`Unexpected API call ${key}`);
    return handler(body, request);
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
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
}
