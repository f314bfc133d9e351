// Where the signed-in product's navigation goes. Shops and Orders are sections of the dashboard
// (spec section 2 has no routes of their own for them), reached by their anchors.
import {
  ChartLine,
  CreditCard,
  Mail,
  Palette,
  Route,
  ShoppingBag,
  Store,
  type LucideIcon,
} from 'lucide-react';
import { INSIGHTS_PATH, JOURNEY_PATH, PRODUCT_PATH } from '../../route-meta.ts';

export const SHOPS_ANCHOR = 'shops';
export const ORDERS_ANCHOR = 'orders';
const CARDS_PATH = `${PRODUCT_PATH}/cards`;

export interface AppNavItem {
  label: string;
  path: string;
  /** A section of the page at `path`, without the '#'. */
  anchor?: string;
  icon: LucideIcon;
}

export const APP_NAV: readonly AppNavItem[] = [
  { label: 'Templates', path: PRODUCT_PATH, icon: Mail },
  { label: 'Journey', path: JOURNEY_PATH, icon: Route },
  { label: 'Shops', path: PRODUCT_PATH, anchor: SHOPS_ANCHOR, icon: Store },
  { label: 'Orders', path: PRODUCT_PATH, anchor: ORDERS_ANCHOR, icon: ShoppingBag },
  { label: 'Insights', path: INSIGHTS_PATH, icon: ChartLine },
  { label: 'Brand', path: `${PRODUCT_PATH}/brand`, icon: Palette },
  { label: 'Account & billing', path: '/Account', icon: CreditCard },
];

export function hrefOf(item: AppNavItem): string {
  return item.anchor ? `${item.path}#${item.anchor}` : item.path;
}

/**
 * The one item that names the page being shown. The editor (/thankly/create) belongs to Templates,
 * the brand kit (/thankly/brand) to Brand, the card printing page (/thankly/cards) to Orders;
 * a dashboard anchor belongs to its section, and the plain dashboard to Templates.
 */
export function currentNavItem(pathname: string, hash: string): AppNavItem | undefined {
  // Printing cards is work on orders, not on templates.
  const anchor = pathname === CARDS_PATH ? ORDERS_ANCHOR : hash.replace(/^#/, '');
  if (pathname === CARDS_PATH) pathname = PRODUCT_PATH;
  const inSection = APP_NAV.find(
    (item) => item.anchor && item.path === pathname && item.anchor === anchor,
  );
  if (inSection) return inSection;
  // The longest path that contains the page wins: /thankly/brand is Brand, not Templates.
  return APP_NAV.filter(
    (item) => !item.anchor && (pathname === item.path || pathname.startsWith(`${item.path}/`)),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}

/** The plan cards on the Account page, where "Choose" starts the existing checkout. */
export const PLANS_ANCHOR = 'plans';
export const UPGRADE_PATH = `/Account#${PLANS_ANCHOR}`;
export const UPGRADE_LABEL = 'Upgrade';
