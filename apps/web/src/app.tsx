import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { NOT_FOUND, PRODUCT_PATH, ROUTES, findRoute } from './route-meta.ts';
import { pageFor, preloadRouteWhenIdle } from './lazy-pages.tsx';
import { RequireAuth, LOADING_TEXT } from './components/require-auth.tsx';
import { AppShell } from './components/app-shell/app-shell.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { Toaster } from './components/toaster.tsx';
import { VerifyEmailBanner } from './components/verify-email-banner.tsx';
import { usePageViews } from './lib/analytics.ts';
import { useDocumentMeta } from './lib/document-meta.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}

function PageFallback() {
  return (
    <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-slate-600 sm:px-6">
      {LOADING_TEXT}
    </p>
  );
}

function Shell({ children }: { children: ReactNode }) {
  usePageViews();
  useDocumentMeta();
  const { pathname } = useLocation();
  useEffect(() => {
    // A hook for browser tests and monitoring: the page is interactive from here on.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const inApp = findRoute(pathname).access === 'protected';
  // Every page of the app leads back to the dashboard (the logo, Back, after saving): its code is
  // fetched while the seller works elsewhere, so going back renders at once.
  useEffect(() => (inApp ? preloadRouteWhenIdle(PRODUCT_PATH) : undefined), [inApp]);
  // The signed-in product has its own frame; marketing and account-access pages keep the site's.
  if (inApp) {
    return (
      <>
        <AppShell>{children}</AppShell>
        <Toaster />
      </>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <VerifyEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}

/** Every route of spec section 2; exact and case-sensitive. Each page is its own chunk. */
export function AppRoutes() {
  const NotFound = pageFor(NOT_FOUND.page).Component;
  return (
    <Shell>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {ROUTES.map((route) => {
            const Page = pageFor(route.page).Component;
            return (
              <Route
                key={route.path}
                path={route.path}
                caseSensitive
                element={
                  route.access === 'protected' ? (
                    <RequireAuth>
                      <Page />
                    </RequireAuth>
                  ) : (
                    <Page />
                  )
                }
              />
            );
          })}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Shell>
  );
}
