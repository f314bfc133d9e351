import type { ComponentType } from 'react';
import type { Marketplace, Shop } from '@thankly/api-contract';

/** What the connect area gives a marketplace's own button. */
export interface ConnectButtonProps {
  /** The server's word on this marketplace; undefined while it is not known yet. */
  available: boolean | undefined;
  /** No shop yet: the first marketplace's button leads. */
  leads: boolean;
}

/**
 * How the dashboard connects a marketplace's shops: a button of its own (Etsy's goes straight to
 * the marketplace), or a labelled toggle that opens its form, offered once the server says the
 * marketplace is available.
 */
export type WebConnect =
  | { kind: 'button'; Button: ComponentType<ConnectButtonProps> }
  | { kind: 'form'; label: string; Form: ComponentType<{ onClose: () => void }> };

/**
 * Everything the dashboard shows of one marketplace that the others do not have, in one place.
 * Each is the default export of `<id>-web.tsx` in this folder, which the registry
 * (web-marketplaces.ts) finds by its name; names, connect kinds and callbacks come from the
 * contract's MARKETPLACE_FACTS.
 */
export interface WebMarketplaceModule {
  readonly id: Marketplace;
  /** Absent for a marketplace connected another way (the demo shop comes through Etsy's button). */
  readonly connect?: WebConnect;
  /** Actions a connected shop of this marketplace has besides the common ones. */
  readonly ShopActions?: ComponentType<{ shop: Shop }>;
}
