import { loadConfigWith } from './infrastructure/config/env.ts';
import { MARKETPLACE_CONFIG_SECTIONS } from './marketplace/registry.ts';

/**
 * The process's configuration from the environment: the settings every part shares, and each
 * marketplace's own under its id (`config.etsy`), declared in the marketplace's folder.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfigWith(env, MARKETPLACE_CONFIG_SECTIONS);
}

export type AppConfig = ReturnType<typeof loadConfig>;
