import { z } from 'zod';

/**
 * Shopify signs only the body of a delivery: X-Shopify-Topic and X-Shopify-Shop-Domain are not
 * covered by the HMAC. So a genuine body captured once could be replayed under another topic or
 * for another shop. Each topic's body has a shape no other topic's body has, and the shop-level
 * topics name their shop; a delivery is acted on only when topic, body and shop agree.
 */

/**
 * Topics that say an order moved on after its payment. Their bodies are only a pointer: the order
 * id is taken from them and the order is read again with the shop's token, so neither a stale
 * retry (Shopify resends the original payload for hours) nor a body replayed for another shop
 * can put anything into Thankly that Shopify does not say now.
 */
export const SHOPIFY_ORDER_CHANGE_TOPICS = [
  'orders/fulfilled',
  'orders/partially_fulfilled',
  'orders/updated',
  'orders/cancelled',
  'refunds/create',
] as const;
export type ShopifyOrderChangeTopic = (typeof SHOPIFY_ORDER_CHANGE_TOPICS)[number];

/** Topics the webhook route serves: the ones Thankly subscribes to, and the mandatory privacy ones. */
export const SHOPIFY_WEBHOOK_TOPICS = [
  'orders/paid',
  ...SHOPIFY_ORDER_CHANGE_TOPICS,
  'app/uninstalled',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
] as const;
export type ShopifyWebhookTopic = (typeof SHOPIFY_WEBHOOK_TOPICS)[number];

export function isShopifyWebhookTopic(topic: string): topic is ShopifyWebhookTopic {
  return (SHOPIFY_WEBHOOK_TOPICS as readonly string[]).includes(topic);
}

export function isOrderChangeTopic(topic: string): topic is ShopifyOrderChangeTopic {
  return (SHOPIFY_ORDER_CHANGE_TOPICS as readonly string[]).includes(topic);
}

const id = z.union([z.number(), z.string().regex(/^\d+$/)]);
const customer = z.object({ id: id.nullish(), email: z.string().nullish() });
const orderIds = z.array(id);

/** Keys that only one kind of body carries; finding one in another topic's body means a replay. */
const ORDER_KEYS = ['line_items', 'financial_status', 'order_number'];
const SHOP_KEYS = ['myshopify_domain'];
const PRIVACY_KEYS = [
  'shop_domain',
  'customer',
  'orders_to_redact',
  'orders_requested',
  'data_request',
];

/** The REST Order resource: the body of every orders/* topic. */
const orderShape = {
  schema: z.object({ id, line_items: z.array(z.unknown()), financial_status: z.string() }),
  foreign: [...SHOP_KEYS, 'shop_domain', 'orders_to_redact', 'orders_requested', 'data_request'],
};

const shapes: Record<ShopifyWebhookTopic, { schema: z.ZodType; foreign: string[] }> = {
  'orders/paid': orderShape,
  'orders/fulfilled': orderShape,
  'orders/partially_fulfilled': orderShape,
  'orders/updated': orderShape,
  'orders/cancelled': orderShape,
  // The REST Refund resource: its own id, and the order it gives money back on.
  'refunds/create': {
    schema: z.object({ id, order_id: id }),
    foreign: [...ORDER_KEYS, ...SHOP_KEYS, ...PRIVACY_KEYS],
  },
  // The REST Shop resource of the shop that removed the app.
  'app/uninstalled': {
    schema: z.object({ id, myshopify_domain: z.string() }),
    foreign: [...ORDER_KEYS, ...PRIVACY_KEYS],
  },
  'customers/data_request': {
    schema: z.object({
      shop_domain: z.string(),
      customer,
      data_request: z.object({ id }),
      orders_requested: orderIds.nullish(),
    }),
    foreign: [...ORDER_KEYS, ...SHOP_KEYS, 'orders_to_redact'],
  },
  'customers/redact': {
    schema: z.object({ shop_domain: z.string(), customer, orders_to_redact: orderIds }),
    foreign: [...ORDER_KEYS, ...SHOP_KEYS, 'orders_requested', 'data_request'],
  },
  'shop/redact': {
    schema: z.object({ shop_domain: z.string() }),
    foreign: [
      ...ORDER_KEYS,
      ...SHOP_KEYS,
      'customer',
      'orders_to_redact',
      'orders_requested',
      'data_request',
    ],
  },
};

/** The shop a body names, for the topics whose bodies name one (orders do not). */
function namedShop(topic: ShopifyWebhookTopic, body: Record<string, unknown>): string | null {
  if (topic === 'app/uninstalled') return String(body.myshopify_domain);
  if (topic === 'orders/paid' || isOrderChangeTopic(topic)) return null;
  return String(body.shop_domain);
}

/** The order a change topic's body points at: the order's own id, or a refund's order_id. */
export function orderIdOfChange(topic: string, body: unknown): string | null {
  if (!isOrderChangeTopic(topic) || typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[topic === 'refunds/create' ? 'order_id' : 'id'];
  const parsed = id.safeParse(value);
  return parsed.success ? String(parsed.data) : null;
}

/**
 * Why a delivery's body does not fit its topic and shop, or null when it does. `domain` is the
 * X-Shopify-Shop-Domain header, already lower-cased.
 */
export function deliveryMismatch(
  topic: ShopifyWebhookTopic,
  payload: unknown,
  domain: string,
): string | null {
  const shape = shapes[topic];
  const parsed = shape.schema.safeParse(payload);
  if (!parsed.success || typeof payload !== 'object' || payload === null)
    return `The webhook body is not a ${topic} body.`;
  const body = payload as Record<string, unknown>;
  if (shape.foreign.some((key) => Object.hasOwn(body, key)))
    return `The webhook body is not a ${topic} body.`;
  const shop = namedShop(topic, body);
  if (shop !== null && shop.trim().toLowerCase() !== domain)
    return 'The webhook body does not name the shop in X-Shopify-Shop-Domain.';
  return null;
}
