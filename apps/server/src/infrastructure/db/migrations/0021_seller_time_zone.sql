ALTER TABLE "sending_settings" ALTER COLUMN "time_zone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sending_settings" ALTER COLUMN "time_zone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- Accounts from before sellers had a time zone: every time they were shown and every dated template
-- ran on Europe/Athens, so they keep that clock (changeable on Account). New accounts take the
-- browser's zone at sign-up, UTC when it tells none.
UPDATE "users" SET "time_zone" = 'Europe/Athens';
