import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes, createQueryClient } from './app.tsx';
import { preloadRoute } from './lazy-pages.tsx';

export { ROUTES, findRoute } from './route-meta.ts';

/**
 * Renders one public route to HTML for the build-time prerender (scripts/prerender.ts). `location`
 * may carry a query string, which the page then reads as it would in the browser.
 */
export async function render(location: string): Promise<string> {
  const pathname = location.split('?')[0]!;
  await preloadRoute(pathname);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return html;
}
