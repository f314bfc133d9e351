CREATE TABLE "template_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"restored_from" integer,
	"replaced_version_id" uuid,
	"undone_at" timestamp with time zone,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"preheader" text NOT NULL,
	"language" text NOT NULL,
	"design" jsonb NOT NULL,
	"html" text NOT NULL,
	"conditions_enabled" boolean NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "current_version_id" uuid;
--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "template_version_id" uuid;
--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "template_version" integer;
--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_template_number_idx" ON "template_versions" USING btree ("template_id","number");
--> statement-breakpoint
CREATE INDEX "template_versions_user_idx" ON "template_versions" USING btree ("user_id");
--> statement-breakpoint
-- Every template saved before versions existed becomes its own version 1, published by its seller
-- when it was last saved, so every live template has a current version from now on.
INSERT INTO "template_versions" ("template_id", "user_id", "number", "kind", "author_name", "author_email", "name", "subject", "preheader", "language", "design", "html", "conditions_enabled", "start_date", "end_date", "created_at")
SELECT t."id", t."user_id", 1, 'publish', u."name", u."email", t."name", t."subject", t."preheader", t."language", t."design", t."html", t."conditions_enabled", t."start_date", t."end_date", t."updated_at"
FROM "templates" t JOIN "users" u ON u."id" = t."user_id";
--> statement-breakpoint
UPDATE "templates" SET "current_version_id" = v."id" FROM "template_versions" v WHERE v."template_id" = "templates"."id";