import type { Marketplace } from '@thankly/api-contract';
import type { z } from 'zod';
import type { StandIns } from './env.ts';
import { etsySettings } from './etsy-settings.ts';
import type { MarketplaceSettings } from './marketplace-settings.ts';
import { shopifySettings } from './shopify-settings.ts';

/**
 * The operator's settings of the marketplaces that have some, each under its id in the
 * configuration (env.ts). Here rather than in each marketplace's folder because the whole process
 * reads the configuration typed from them (the marketplaces' adapters, the poll loop, ingest),
 * and the configuration depends on no capability.
 */
const MARKETPLACE_SETTINGS = {
  etsy: etsySettings,
  shopify: shopifySettings,
} satisfies Partial<Record<Marketplace, MarketplaceSettings<unknown>>>;

type SettingsOf<T> = T extends MarketplaceSettings<infer S> ? S : never;

/** Each marketplace's settings, under its id in the configuration. */
export type MarketplaceConfig = {
  [M in keyof typeof MARKETPLACE_SETTINGS]: SettingsOf<(typeof MARKETPLACE_SETTINGS)[M]>;
};

const withSettings = Object.entries(MARKETPLACE_SETTINGS) as Array<
  [Marketplace, MarketplaceSettings<unknown>]
>;

/** Every environment variable a marketplace reads. */
export const MARKETPLACE_ENV_FIELDS: z.ZodRawShape = Object.assign(
  {},
  ...withSettings.map(([, settings]) => settings.envFields),
);

/** Each marketplace's settings from the parsed variables, in the registry's order. */
export function readMarketplaceSettings(
  env: Record<string, unknown>,
  standIns: StandIns,
): MarketplaceConfig {
  return Object.fromEntries(
    withSettings.map(([id, settings]) => [id, settings.read(env, standIns)]),
  ) as MarketplaceConfig;
}
