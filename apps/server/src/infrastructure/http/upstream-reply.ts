import type { z } from 'zod';
import { parseStorableJson } from '../db/storable-text.ts';
import { AppError } from './errors.ts';

/**
 * A service Thankly calls (a marketplace, the payment provider) answered with something that is
 * not what its contract promises. The request that needed it was fine, so this is a 502 with
 * words a person can read; which rule the reply broke goes to the log only.
 */
export class UpstreamReplyError extends AppError {
  constructor(
    readonly service: string,
    /** For the operator: the schema rules the reply broke (never the reply's values). */
    rulesBroken: string,
  ) {
    super(
      'upstream_failed',
      `${service} sent a reply Thankly could not understand. Please try again in a few minutes.`,
      `${service} reply failed its schema: ${rulesBroken}`,
    );
  }
}

/** Reads a third party's reply with the schema of its contract; anything else is a 502. */
export function parseUpstreamReply<S extends z.ZodType>(
  service: string,
  schema: S,
  body: unknown,
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const rules = parsed.error.issues.map((i) => `${i.path.join('.') || '(reply)'}: ${i.message}`);
  throw new UpstreamReplyError(service, rules.join('; '));
}

/**
 * A third party's reply body as JSON, its strings storable (storable-text.ts); a body that is not
 * JSON is a 502 like any broken reply.
 */
export function parseUpstreamJson(service: string, text: string): unknown {
  try {
    return text ? parseStorableJson(text) : {};
  } catch {
    throw new UpstreamReplyError(service, `not JSON (${text.length} characters)`);
  }
}
