import { randomUUID } from 'node:crypto';
import { createDefaultTemplate, renderEmail } from '@thankly/email';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import type { Database } from '../../apps/server/src/infrastructure/db/database.ts';
import {
  orderEmails,
  shops,
  templateSelections,
  templates,
  users,
} from '../../apps/server/src/infrastructure/db/schema.ts';
import { encryptSecret } from '../../apps/server/src/infrastructure/crypto/credentials-crypto.ts';

export const APP_SECRET = 'c'.repeat(64);
export const SHOP_DOMAIN = 'bench-pottery.myshopify.com';
export const SELLER = { email: 'bench-seller@example.com', password: 'bench-password-123' };
const TEMPLATES = 5;
const ORDERS = 100;

/**
 * A Business seller with a few templates, `orders` orders (100 unless said) already sent (so a worker in the same process
 * has nothing to do) and a connected Shopify shop whose token never expires (ingest asks the
 * stand-in, never Shopify's token endpoint).
 */
export async function seedSeller(
  db: Database,
  orders = ORDERS,
): Promise<{ userId: string; shopId: string }> {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Bench Seller',
      email: SELLER.email,
      passwordHash: await hashPassword(SELLER.password),
      plan: 'business',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const userId = user!.id;
  const { design, subject } = createDefaultTemplate();
  const html = renderEmail(design).html;
  const templateRows = await db
    .insert(templates)
    .values(
      Array.from({ length: TEMPLATES }, (_, i) => ({
        userId,
        name: `Thanks ${i + 1}`,
        subject,
        design,
        html,
      })),
    )
    .returning({ id: templates.id });
  await db.insert(templateSelections).values({ userId, templateId: templateRows[0]!.id });
  const credentials = {
    shop: SHOP_DOMAIN,
    accessToken: 'bench-access-token',
    refreshToken: '',
    expiresAt: '9999-12-31T00:00:00.000Z',
  };
  const [shop] = await db
    .insert(shops)
    .values({
      userId,
      marketplace: 'shopify',
      externalId: SHOP_DOMAIN,
      name: 'Bench Pottery',
      url: `https://${SHOP_DOMAIN}`,
      credentials: encryptSecret(JSON.stringify(credentials), APP_SECRET),
    })
    .returning({ id: shops.id });
  const shopId = shop!.id;
  const now = new Date();
  await db.insert(orderEmails).values(
    Array.from({ length: orders }, (_, i) => {
      const id = randomUUID();
      return {
        userId,
        shopId,
        marketplaceOrderId: `seed-${id}`,
        orderNumber: String(1000 + i),
        buyerName: 'Pat Buyer',
        buyerEmail: `buyer-${id}@example.com`,
        order: {},
        status: 'sent' as const,
        templateName: 'Thanks 1',
        sentAt: now,
        decidedAt: now,
        nextAttemptAt: now,
      };
    }),
  );
  return { userId, shopId };
}
