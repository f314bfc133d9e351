CREATE TABLE "purchase_messages" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"digital_message" text DEFAULT '' NOT NULL,
	"pushed_message" text,
	"pushed_digital_message" text,
	"last_pushed_at" timestamp with time zone,
	"etsy_message" text,
	"etsy_digital_message" text,
	"changed_on_etsy_at" timestamp with time zone,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "granted_scopes" text;--> statement-breakpoint
ALTER TABLE "purchase_messages" ADD CONSTRAINT "purchase_messages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;