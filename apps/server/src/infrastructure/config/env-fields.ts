import { z } from 'zod';

/** A setting that may be unset; blank counts as unset, and values are trimmed. */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** A setting that cannot work as given; the server prints it and does not start. */
export class ConfigError extends Error {}
