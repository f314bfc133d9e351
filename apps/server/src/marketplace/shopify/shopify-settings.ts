import { z } from 'zod';
import { ConfigError, optionalText } from '../../infrastructure/config/env-fields.ts';
import { configSection } from '../../infrastructure/config/config-section.ts';

/** The operator's Shopify app settings, read from the environment with the rest. */
export const shopifyEnvFields = {
  SHOPIFY_API_KEY: optionalText,
  SHOPIFY_API_SECRET: optionalText,
  /** Comma-separated access scopes; orders/paid webhooks need read_orders. */
  SHOPIFY_SCOPES: z.string().trim().min(1).default('read_orders'),
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'SHOPIFY_API_VERSION looks like 2026-07')
    .default('2026-07'),
  /** Where a shop's admin lives; {shop} is its myshopify.com domain. A simulator's address in tests. */
  SHOPIFY_SHOP_URL: z
    .string()
    .refine((v) => v.includes('{shop}'), 'SHOPIFY_SHOP_URL must contain {shop}')
    .default('https://{shop}'),
};

export interface ShopifySettings {
  apiKey: string;
  apiSecret: string;
  scopes: string;
  apiVersion: string;
  shopUrl: string;
}

/** Undefined without the app's key and secret: Shopify shops cannot be connected then. */
export function shopifySettingsFrom(
  e: z.infer<z.ZodObject<typeof shopifyEnvFields>>,
): ShopifySettings | undefined {
  if (Boolean(e.SHOPIFY_API_KEY) !== Boolean(e.SHOPIFY_API_SECRET)) {
    throw new ConfigError('Set both SHOPIFY_API_KEY and SHOPIFY_API_SECRET, or neither.');
  }
  if (!e.SHOPIFY_API_KEY || !e.SHOPIFY_API_SECRET) return undefined;
  return {
    apiKey: e.SHOPIFY_API_KEY,
    apiSecret: e.SHOPIFY_API_SECRET,
    scopes: e.SHOPIFY_SCOPES,
    apiVersion: e.SHOPIFY_API_VERSION,
    shopUrl: e.SHOPIFY_SHOP_URL.replace(/\/+$/, ''),
  };
}

export const shopifySettings = configSection(shopifyEnvFields, (env) => shopifySettingsFrom(env));
