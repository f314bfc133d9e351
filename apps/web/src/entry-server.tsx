import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes, createQueryClient } from './app.tsx';
import { preloadRoute } from './lazy-pages.tsx';

export { ROUTES, findRoute } from './route-meta.ts';

/** Renders one public route to HTML for the build-time prerender (scripts/prerender.ts). */
export async function render(pathname: string): Promise<string> {
  await preloadRoute(pathname);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return html;
}
