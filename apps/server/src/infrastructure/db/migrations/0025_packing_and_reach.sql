CREATE TABLE "card_print_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"layout" text DEFAULT 'a6' NOT NULL,
	"fold" boolean DEFAULT false NOT NULL,
	"bleed" boolean DEFAULT false NOT NULL,
	"processing_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_reach" (
	"order_email_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"packed_at" timestamp with time zone,
	"purchase_message_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_print_settings" ADD CONSTRAINT "card_print_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reach" ADD CONSTRAINT "order_reach_order_email_id_order_emails_id_fk" FOREIGN KEY ("order_email_id") REFERENCES "public"."order_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reach" ADD CONSTRAINT "order_reach_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;