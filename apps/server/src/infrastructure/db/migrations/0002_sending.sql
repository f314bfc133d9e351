CREATE TABLE "api_budgets" (
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_budgets_provider_day_pk" PRIMARY KEY("provider","day")
);
--> statement-breakpoint
CREATE TABLE "demo_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_external_id" text NOT NULL,
	"receipt" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"coupon_code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_reason" text,
	"credentials" text,
	"token_expires_at" timestamp with time zone,
	"poll_cursor" bigint DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unsubscribes" (
	"shop_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unsubscribes_shop_id_email_pk" PRIMARY KEY("shop_id","email")
);
--> statement-breakpoint
ALTER TABLE "order_emails" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "shop_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "marketplace_order_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "order_number" text NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "buyer_email" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "order" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "smtp_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "counted_day" date;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_settings" ADD CONSTRAINT "sending_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_orders_shop_idx" ON "demo_orders" USING btree ("shop_external_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_marketplace_external_idx" ON "shops" USING btree ("marketplace","external_id");--> statement-breakpoint
CREATE INDEX "shops_user_idx" ON "shops" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shops_poll_idx" ON "shops" USING btree ("status","next_poll_at");--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_emails_shop_order_idx" ON "order_emails" USING btree ("shop_id","marketplace_order_id");--> statement-breakpoint
CREATE INDEX "order_emails_dispatch_idx" ON "order_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "order_emails_user_counted_idx" ON "order_emails" USING btree ("user_id","counted_day");--> statement-breakpoint
CREATE INDEX "order_emails_user_created_idx" ON "order_emails" USING btree ("user_id","created_at");