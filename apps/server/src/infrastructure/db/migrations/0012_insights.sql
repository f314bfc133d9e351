CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_email_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"agent" text NOT NULL,
	"link_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sending_settings" ADD COLUMN "tracking_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_order_email_id_order_emails_id_fk" FOREIGN KEY ("order_email_id") REFERENCES "public"."order_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_email_idx" ON "tracking_events" USING btree ("order_email_id","kind","agent");--> statement-breakpoint
CREATE INDEX "order_emails_shop_buyer_sent_idx" ON "order_emails" USING btree ("shop_id",lower("buyer_email"),"sent_at") WHERE status = 'sent';--> statement-breakpoint
CREATE INDEX "order_emails_shop_sent_idx" ON "order_emails" USING btree ("shop_id","sent_at") WHERE status = 'sent';