CREATE INDEX "order_emails_user_step_created_idx" ON "order_emails" USING btree ("user_id","step_key","created_at");--> statement-breakpoint
DROP INDEX "order_emails_user_created_idx";