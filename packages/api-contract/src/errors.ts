import { z } from 'zod';

/** Every failed call answers with this body. */
export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The first message of a failed parse: what a person fixes first. A top-level field's message
 * stands alone (the spec's wording); a nested one is prefixed with its path, such as
 * `design.blocks.3.widthPct`, so the bad field can be found.
 */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  return issue.path.length > 1 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
