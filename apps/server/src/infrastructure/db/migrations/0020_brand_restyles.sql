CREATE TABLE "brand_restyles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"before" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_restyles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "brand_restyles" ADD CONSTRAINT "brand_restyles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;