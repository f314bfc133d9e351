import { z } from 'zod';

/** A page view: the route only. No query string, no user, no address is kept. */
export const pageViewSchema = z.object({
  path: z
    .string()
    .max(200)
    .regex(/^\/[\w\-/.]*$/, 'Path must be a site path without a query string.'),
});
