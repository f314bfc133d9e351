import type { z } from 'zod';
import type { StandIns } from './env.ts';

/**
 * A marketplace's part of the operator's configuration: the environment variables it reads (parsed
 * with the rest at start) and its settings from them, kept in the configuration under its id.
 */
export interface MarketplaceSettings<S> {
  readonly envFields: z.ZodRawShape;
  /** Throws ConfigError when the variables cannot work together. */
  read(env: Record<string, unknown>, standIns: StandIns): S;
}

export function marketplaceSettings<F extends z.ZodRawShape, S>(
  envFields: F,
  read: (env: z.output<z.ZodObject<F>>, standIns: StandIns) => S,
): MarketplaceSettings<S> {
  return { envFields, read: (env, standIns) => read(env as z.output<z.ZodObject<F>>, standIns) };
}
