CREATE TABLE "platform_dkim_keys" (
	"domain" text PRIMARY KEY NOT NULL,
	"selector" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "block_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "block_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD COLUMN "link_host" text;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD COLUMN "link_status" text;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD COLUMN "link_records" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD COLUMN "link_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD COLUMN "link_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_emails_block_retry_idx" ON "order_emails" USING btree ("block_retry_at") WHERE block_retry_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sending_domains_link_host_idx" ON "sending_domains" USING btree ("link_host");