// What fills the tokens an order does not carry itself, seen from the seller's account: the saved
// coupon code and the shops connected. The server (dashboard warnings, test email) and the editor
// build the same sources from the same data, then share @thankly/email's findEmptyTokens.
import { z } from 'zod';
import {
  TOKEN_NAMES,
  type EmptyTokenWarning,
  type SellerTokenSources,
  type TokenName,
} from '@thankly/email';
import { MARKETPLACE_TRACKING_LINKS, type Marketplace } from './marketplaces.ts';

export function sellerTokenSources(
  couponCode: string,
  shops: ReadonlyArray<{ marketplace: Marketplace; url: string | null; status: string }>,
): SellerTokenSources {
  return {
    couponCode,
    // A disconnected shop sends no orders: only connected ones say what orders will hold.
    shops: shops
      .filter((shop) => shop.status === 'connected')
      .map((shop) => ({
        url: shop.url,
        providesTrackingLinks: MARKETPLACE_TRACKING_LINKS[shop.marketplace],
      })),
  };
}

/** GET /api/templates/{id}/empty-tokens */
export interface EmptyTokensReply {
  emptyTokens: EmptyTokenWarning[];
}

/** POST /api/emails/test/{id}: where it went, and the tokens real orders will leave empty. */
export interface TestEmailReply extends EmptyTokensReply {
  ok: true;
  sentTo: string;
}

export type { EmptyTokenWarning };

const emptyTokenWarningSchema: z.ZodType<EmptyTokenWarning> = z.object({
  token: z.custom<`[${TokenName}]`>(
    (value) => typeof value === 'string' && TOKEN_NAMES.some((name) => value === `[${name}]`),
  ),
  message: z.string(),
});

export const emptyTokensReplySchema: z.ZodType<EmptyTokensReply> = z.object({
  emptyTokens: z.array(emptyTokenWarningSchema),
});

export const testEmailReplySchema: z.ZodType<TestEmailReply> = z.object({
  ok: z.literal(true),
  sentTo: z.string(),
  emptyTokens: z.array(emptyTokenWarningSchema),
});
