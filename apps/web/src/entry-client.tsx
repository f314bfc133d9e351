import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes, createQueryClient } from './app.tsx';
import { preloadRoute } from './lazy-pages.tsx';
import { findRoute } from './route-meta.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* Navigation is not a transition: a session change mid-navigation (logout) must never
          render the old protected page again, whose guard would bounce to /login. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

// Hydrate only HTML that was prerendered for this very path; anything else (the SPA fallback for
// a logged-in page, a 404) renders from scratch.
const prerenderedFor = container.dataset.prerendered;
const route = findRoute(window.location.pathname);
if (prerenderedFor && prerenderedFor === route.path) {
  preloadRoute(window.location.pathname).then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
