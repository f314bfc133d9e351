import { requestRaw } from './api.ts';

/**
 * What pageViewSchema accepts: a site path, no query string. Checked by hand so every page's first
 * chunk stays free of the schema library; the server parses the body with the shared schema.
 */
const SITE_PATH = /^\/[\w\-/.]*$/;

/** Records one view of `pathname`: the path only, never the query string. Never throws. */
export function sendPageView(pathname: string): void {
  if (!SITE_PATH.test(pathname) || pathname.length > 200) return;
  requestRaw('POST', '/analytics/page-view', { path: pathname }).catch(() => {
    // Analytics must never disturb the visitor.
  });
}
