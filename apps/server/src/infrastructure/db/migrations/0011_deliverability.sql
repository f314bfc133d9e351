CREATE TABLE "mail_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_email_id" uuid,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"source_event_id" text NOT NULL,
	"recipient" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"local_part" text NOT NULL,
	"dkim_selector" text NOT NULL,
	"dkim_private_key" text NOT NULL,
	"dkim_public_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"shop_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_shop_id_email_pk" PRIMARY KEY("shop_id","email")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_paused_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_pause_lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "delivery_problem" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "delivery_problem_reason" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "delivery_problem_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_order_email_id_order_emails_id_fk" FOREIGN KEY ("order_email_id") REFERENCES "public"."order_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_events_source_idx" ON "mail_events" USING btree ("source","source_event_id","recipient");--> statement-breakpoint
CREATE INDEX "mail_events_user_created_idx" ON "mail_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_events_shop_recipient_idx" ON "mail_events" USING btree ("shop_id","recipient","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "sending_domains_user_domain_idx" ON "sending_domains" USING btree ("user_id","domain");--> statement-breakpoint
CREATE INDEX "sending_domains_check_idx" ON "sending_domains" USING btree ("status","last_checked_at");