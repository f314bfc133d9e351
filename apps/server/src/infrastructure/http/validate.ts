import type { z } from 'zod';
import { firstIssueMessage } from '@thankly/api-contract';
import { AppError } from './errors.ts';

/** Parses a request part with a shared schema; a failure is a 400 with the schema's own message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new AppError('invalid', firstIssueMessage(result.error));
  return result.data;
}
