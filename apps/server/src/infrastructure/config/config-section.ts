import type { z } from 'zod';
import type { StandIns } from './env.ts';

/**
 * A capability's own part of the operator's configuration: the environment variables it reads
 * (parsed with the rest at start, so a bad value is reported with every other) and its settings
 * from them, kept in the configuration under the capability's key (`config.etsy`). The capability
 * declares it in its own folder; the composition root hands the sections to loadConfigWith, so the
 * configuration itself knows no capability.
 */
export interface ConfigSection<S> {
  readonly envFields: z.ZodRawShape;
  /** Throws ConfigError when the variables cannot work together. */
  read(env: Record<string, unknown>, standIns: StandIns): S;
}

export function configSection<F extends z.ZodRawShape, S>(
  envFields: F,
  read: (env: z.output<z.ZodObject<F>>, standIns: StandIns) => S,
): ConfigSection<S> {
  return { envFields, read: (env, standIns) => read(env as z.output<z.ZodObject<F>>, standIns) };
}

/** The settings a set of sections gives, each under its key. */
export type SectionSettings<Sections> = {
  [K in keyof Sections]: Sections[K] extends ConfigSection<infer S> ? S : never;
};
