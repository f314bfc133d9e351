import type { BaseContext } from '../base-context.ts';
import type { MarketplaceConfig, Marketplaces } from './registry.ts';

/**
 * What the marketplace code takes of the process: its infrastructure and every marketplace's
 * adapter. The AppContext is one; this folder names this type rather than the AppContext, which
 * holds the adapters, so that the two do not import each other.
 */
export interface MarketplaceContext extends BaseContext {
  /** With each marketplace's own settings (`config.etsy`, `config.shopify`). */
  config: BaseContext['config'] & MarketplaceConfig;
  marketplaces: Marketplaces;
}
