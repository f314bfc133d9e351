import { MARKETPLACES, type Marketplace } from '@thankly/api-contract/catalog';
import type { WebMarketplaceModule } from './web-marketplace-module.ts';

// A marketplace's part of the dashboard is the file `<id>-web.tsx` beside this one, found by its
// name: adding a marketplace to the web app is that file, and the contract's MARKETPLACE_FACTS
// entry the rest of the app reads.
const files = import.meta.glob<WebMarketplaceModule>('./*-web.{ts,tsx}', {
  eager: true,
  import: 'default',
});

/** Every marketplace's part of the dashboard, one module each (see web-marketplace-module.ts). */
export const WEB_MARKETPLACES = webMarketplaces(files);

/**
 * The modules keyed by marketplace. A marketplace of the contract without its file, a file under
 * another marketplace's name or one the contract does not know stops the app at once, as a missing
 * entry in a typed list would stop the build.
 */
export function webMarketplaces(
  found: Record<string, WebMarketplaceModule>,
): Record<Marketplace, WebMarketplaceModule> {
  const modules: Partial<Record<Marketplace, WebMarketplaceModule>> = {};
  for (const [file, module] of Object.entries(found)) {
    const id = /^\.\/(.+)-web\.tsx?$/.exec(file)?.[1];
    if (id !== module.id || !(MARKETPLACES as readonly string[]).includes(id))
      throw new Error(`${file} is not the web module of a marketplace the contract names`);
    modules[module.id] = module;
  }
  const missing = MARKETPLACES.filter((m) => !modules[m]);
  if (missing.length > 0)
    throw new Error(`No web module for ${missing.map((m) => `./${m}-web.tsx`).join(', ')}`);
  return modules as Record<Marketplace, WebMarketplaceModule>;
}
