import { z } from 'zod';

/** One message in the local outbox's list: what the seller needs to pick it out. */
export const outboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/**
 * The local outbox as the seller sees it: `enabled` is false where mail really goes out (an SMTP
 * relay is set), and then the list is empty and the app shows no outbox at all.
 */
export const outboxListSchema = z.object({
  enabled: z.boolean(),
  messages: z.array(outboxItemSchema),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

/** One kept message, read from its raw source: its headers, HTML part and text part. */
export const outboxMessageSchema = outboxItemSchema.extend({
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  html: z.string().nullable(),
  text: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const OUTBOX_MESSAGE_NOT_FOUND = 'No such message in your outbox.';
