CREATE TABLE "purchase_message_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"digital_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_messages" ADD COLUMN "live_schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_messages" ADD COLUMN "switch_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_messages" ADD COLUMN "switch_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_messages" ADD COLUMN "switch_problem" text;--> statement-breakpoint
ALTER TABLE "purchase_messages" ADD COLUMN "switch_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_message_schedule" ADD CONSTRAINT "purchase_message_schedule_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_message_schedule_shop_id_idx" ON "purchase_message_schedule" USING btree ("shop_id");