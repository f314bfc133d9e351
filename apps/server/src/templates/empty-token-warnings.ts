// Which tokens of a template every real order will leave empty for this seller (no coupon code
// saved, a shop without a web address, a marketplace that never sends tracking links): shown on
// the dashboard for the selected template and with every test email.
import {
  type EmptyTokenWarning,
  type Marketplace,
  type Template,
  sellerTokenSources,
} from '@thankly/api-contract';
import { type SellerTokenSources, findEmptyTokens } from '@thankly/email';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { sendingSettings, shops } from '../infrastructure/db/schema.ts';

export interface SellerShop {
  id: string;
  name: string;
  url: string | null;
  marketplace: Marketplace;
}

export interface SellerTokenFacts {
  couponCode: string;
  /** The seller's first connected shop, the one a test email speaks for; null without one. */
  firstShop: SellerShop | null;
  sources: SellerTokenSources;
}

export async function loadSellerTokenFacts(
  db: Database,
  sellerId: string,
): Promise<SellerTokenFacts> {
  const [rows, [settings]] = await Promise.all([
    db
      .select({
        id: shops.id,
        name: shops.name,
        url: shops.url,
        marketplace: shops.marketplace,
        status: shops.status,
      })
      .from(shops)
      .where(eq(shops.userId, sellerId))
      .orderBy(asc(shops.connectedAt)),
    db
      .select({ couponCode: sendingSettings.couponCode })
      .from(sendingSettings)
      .where(eq(sendingSettings.userId, sellerId)),
  ]);
  const couponCode = settings?.couponCode ?? '';
  const first = rows[0];
  return {
    couponCode,
    firstShop: first
      ? { id: first.id, name: first.name, url: first.url, marketplace: first.marketplace }
      : null,
    sources: sellerTokenSources(couponCode, rows),
  };
}

export function emptyTokenWarnings(
  template: Pick<Template, 'design' | 'subject' | 'preheader'>,
  facts: SellerTokenFacts,
): EmptyTokenWarning[] {
  return findEmptyTokens(template, facts.sources);
}
