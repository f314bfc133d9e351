import { pgErrorCode } from '../db/database.ts';

/**
 * What of an error may go to the logs. Database errors quote their query's parameters (a password
 * hash, an email, a token), so only the statement survives; the stack stays for diagnosis.
 */
export function loggableError(error: unknown): {
  type: string;
  message: string;
  code?: string;
  stack?: string;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const message = error.message.split('\nparams:')[0]!;
  const code = pgErrorCode(error);
  const stack = error.stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  return { type: error.name, message, ...(code ? { code } : {}), ...(stack ? { stack } : {}) };
}
