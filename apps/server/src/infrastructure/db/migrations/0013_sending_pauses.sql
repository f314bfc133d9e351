CREATE TABLE "sending_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"resumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sending_pauses" ADD CONSTRAINT "sending_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sending_pauses_user_idx" ON "sending_pauses" USING btree ("user_id","paused_at");--> statement-breakpoint
-- Sellers paused when pauses began to be remembered: paused since their account last changed.
INSERT INTO "sending_pauses" ("user_id", "paused_at") SELECT "id", "updated_at" FROM "users" WHERE "is_paused";
