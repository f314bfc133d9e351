CREATE TABLE "journey_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'follow-up' NOT NULL,
	"template_id" uuid,
	"trigger" text NOT NULL,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"conditions" jsonb NOT NULL,
	"send_window" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_emails_shop_order_idx";--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "step_key" text DEFAULT 'thank-you' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "step_name" text;--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sending_settings" ADD COLUMN "time_zone" text DEFAULT 'Europe/Athens' NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_steps" ADD CONSTRAINT "journey_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_steps" ADD CONSTRAINT "journey_steps_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journey_steps_user_idx" ON "journey_steps" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_emails_shop_order_step_idx" ON "order_emails" USING btree ("shop_id","marketplace_order_id","step_key");