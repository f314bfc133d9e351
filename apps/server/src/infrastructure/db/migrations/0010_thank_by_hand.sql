ALTER TABLE "order_emails" ADD COLUMN "by_hand" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "card_printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "message_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "thank_by" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_emails_by_hand_waiting_idx" ON "order_emails" USING btree ("user_id","created_at") WHERE by_hand IS NOT NULL AND card_printed_at IS NULL AND message_sent_at IS NULL;