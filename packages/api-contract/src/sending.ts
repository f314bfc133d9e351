import { z } from 'zod';

export const MARKETPLACES = ['etsy', 'demo'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/** A shop a seller connected. GET /api/shops -> { shops: Shop[] } */
export interface Shop {
  id: string;
  marketplace: Marketplace;
  name: string;
  url: string | null;
  /** 'disconnected': the marketplace revoked or expired the grant; statusReason says so. */
  status: 'connected' | 'disconnected';
  statusReason: string | null;
  /** A local stand-in shop, labelled as such in the UI. */
  isDemo: boolean;
  connectedAt: string;
  lastOrderAt: string | null;
}

export const ORDER_EMAIL_STATES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type OrderEmailState = (typeof ORDER_EMAIL_STATES)[number];

/** One order and what Thankly did about it. GET /api/activity -> { items: ActivityItem[] } */
export interface ActivityItem {
  id: string;
  shopName: string;
  marketplace: Marketplace;
  orderNumber: string;
  buyerName: string | null;
  buyerEmail: string | null;
  templateName: string | null;
  state: OrderEmailState;
  /** Why it was skipped or failed, in words for the seller. */
  reason: string | null;
  /** When it was decided (sent, skipped, failed) or received (pending). */
  at: string;
}

/** GET/PUT /api/sending/settings */
export const sendingSettingsSchema = z.object({
  couponCode: z
    .string()
    .trim()
    .max(40, 'Please keep the coupon code under 40 characters.')
    .regex(/^[\w-]*$/, 'A coupon code may hold letters, digits, - and _ only.'),
});
export type SendingSettings = z.output<typeof sendingSettingsSchema>;
