import { PAGE_VIEW_PATH, PAGE_VIEW_PATH_MAX } from '@thankly/api-contract/catalog';
import { requestRaw } from './api.ts';

// What pageViewSchema accepts, checked with the contract's zod-free rule so every page's first
// chunk stays free of the schema library; the server parses the body with the shared schema.

/** Records one view of `pathname`: the path only, never the query string. Never throws. */
export function sendPageView(pathname: string): void {
  if (!PAGE_VIEW_PATH.test(pathname) || pathname.length > PAGE_VIEW_PATH_MAX) return;
  requestRaw('POST', '/analytics/page-view', { path: pathname }).catch(() => {
    // Analytics must never disturb the visitor.
  });
}
