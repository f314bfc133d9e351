import { z } from 'zod';
import { PAGE_VIEW_PATH, PAGE_VIEW_PATH_MAX } from './page-view-rules.ts';

export * from './page-view-rules.ts';

/** A page view: the route only. No query string, no user, no address is kept. */
export const pageViewSchema = z.object({
  path: z
    .string()
    .max(PAGE_VIEW_PATH_MAX)
    .regex(PAGE_VIEW_PATH, 'Path must be a site path without a query string.'),
});
