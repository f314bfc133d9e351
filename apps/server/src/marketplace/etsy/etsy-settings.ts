import { z } from 'zod';
import { ConfigError, optionalText } from '../../infrastructure/config/env-fields.ts';
import { configSection } from '../../infrastructure/config/config-section.ts';

/** The operator's Etsy settings, read from the environment with the rest of the configuration. */
export const etsyEnvFields = {
  ETSY_KEYSTRING: optionalText,
  ETSY_SHARED_SECRET: optionalText,
  ETSY_API_URL: z.url().default('https://api.etsy.com'),
  ETSY_AUTH_URL: z.url().default('https://www.etsy.com/oauth/connect'),
  ETSY_WEBHOOK_SECRET: optionalText,
  ETSY_POLL_SECONDS: z.coerce.number().int().min(10).default(300),
  /** Etsy's documented default quota is 10,000 requests a day; keep a margin for connects. */
  ETSY_DAILY_REQUEST_BUDGET: z.coerce.number().int().min(1).default(9_000),
  /**
   * Etsy allows an app 10 requests a second; this is one process's share, so that two worker
   * processes together stay within it. With more processes, lower it.
   */
  ETSY_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(10).default(5),
};

/** Unset keystring: the demo marketplace stands in for Etsy. */
export interface EtsySettings {
  keystring: string | undefined;
  sharedSecret: string | undefined;
  apiUrl: string;
  authUrl: string;
  webhookSecret: string | undefined;
  pollSeconds: number;
  dailyRequestBudget: number;
  requestsPerSecond: number;
}

export function etsySettingsFrom(
  e: z.infer<z.ZodObject<typeof etsyEnvFields>>,
  { demoShopAllowed }: { demoShopAllowed: boolean },
): EtsySettings {
  if (Boolean(e.ETSY_KEYSTRING) !== Boolean(e.ETSY_SHARED_SECRET)) {
    throw new ConfigError(
      'Set both ETSY_KEYSTRING and ETSY_SHARED_SECRET, or neither (for the demo shop).',
    );
  }
  if (!e.ETSY_KEYSTRING && !demoShopAllowed) {
    throw new ConfigError(
      'ETSY_KEYSTRING and ETSY_SHARED_SECRET are required when NODE_ENV=production (or set ALLOW_DEMO_SHOP=true for the demo shop).',
    );
  }
  return {
    keystring: e.ETSY_KEYSTRING,
    sharedSecret: e.ETSY_SHARED_SECRET,
    apiUrl: e.ETSY_API_URL.replace(/\/+$/, ''),
    authUrl: e.ETSY_AUTH_URL,
    webhookSecret: e.ETSY_WEBHOOK_SECRET,
    pollSeconds: e.ETSY_POLL_SECONDS,
    dailyRequestBudget: e.ETSY_DAILY_REQUEST_BUDGET,
    requestsPerSecond: e.ETSY_REQUESTS_PER_SECOND,
  };
}

export const etsySettings = configSection(etsyEnvFields, (env, standIns) =>
  etsySettingsFrom(env, { demoShopAllowed: standIns.demoShop }),
);
