import { z } from 'zod';

/** How many of the seller's latest orders the editor offers to preview a design with. */
export const PREVIEW_ORDERS_LIMIT = 10;

/**
 * One of the seller's recent orders as preview data for the editor: a label to pick it by and the
 * token values its email would be filled with (a token the order leaves empty is absent).
 */
export const previewOrderSchema = z.object({
  id: z.string(),
  label: z.string(),
  values: z.record(z.string(), z.string()),
});
export type PreviewOrder = z.infer<typeof previewOrderSchema>;

export const previewOrdersReplySchema = z.object({ orders: z.array(previewOrderSchema) });
export type PreviewOrdersReply = z.infer<typeof previewOrdersReplySchema>;
