import type { z } from 'zod';

const MAX_ISSUES_SHOWN = 5;

/** Readable one-line summary, each issue prefixed by its path: `blocks.3.widthPct: Number must be at most 100`. */
export function formatZodError(error: z.ZodError): string {
  const lines = error.issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const hidden = error.issues.length - MAX_ISSUES_SHOWN;
  if (hidden > 0) lines.push(`and ${hidden} more`);
  return lines.join('; ');
}
