// Where the signed-in product's navigation goes. Shops and Orders are sections of the dashboard
// (spec section 2 has no routes of their own for them), reached by their anchors.
import { PRODUCT_PATH } from '../../route-meta.ts';

export const SHOPS_ANCHOR = 'shops';
export const ORDERS_ANCHOR = 'orders';

export interface AppNavItem {
  label: string;
  path: string;
  /** A section of the page at `path`, without the '#'. */
  anchor?: string;
}

export const APP_NAV: readonly AppNavItem[] = [
  { label: 'Templates', path: PRODUCT_PATH },
  { label: 'Shops', path: PRODUCT_PATH, anchor: SHOPS_ANCHOR },
  { label: 'Orders', path: PRODUCT_PATH, anchor: ORDERS_ANCHOR },
  { label: 'Account & billing', path: '/Account' },
];

export function hrefOf(item: AppNavItem): string {
  return item.anchor ? `${item.path}#${item.anchor}` : item.path;
}

/**
 * The one item that names the page being shown. The editor (/thankly/create) belongs to Templates;
 * a dashboard anchor belongs to its section, and the plain dashboard to Templates.
 */
export function currentNavItem(pathname: string, hash: string): AppNavItem | undefined {
  const anchor = hash.replace(/^#/, '');
  const inSection = APP_NAV.find(
    (item) => item.anchor && item.path === pathname && item.anchor === anchor,
  );
  if (inSection) return inSection;
  return APP_NAV.find(
    (item) => !item.anchor && (pathname === item.path || pathname.startsWith(`${item.path}/`)),
  );
}

/** The plan cards on the Account page, where "Choose" starts the existing checkout. */
export const PLANS_ANCHOR = 'plans';
export const UPGRADE_PATH = `/Account#${PLANS_ANCHOR}`;
export const UPGRADE_LABEL = 'Upgrade';
