ALTER TABLE "order_emails" ADD COLUMN "buyer_order_count" integer;--> statement-breakpoint
CREATE INDEX "order_emails_shop_buyer_key_idx" ON "order_emails" USING btree ("shop_id",coalesce(nullif("order"->>'buyerId', ''), lower(trim("buyer_email"))));--> statement-breakpoint
-- Orders recorded before buyers were counted: each thank-you row counts the shop's orders from the
-- same buyer up to and including it (by account, else by address); a buyer known by neither is new.
UPDATE "order_emails" o SET "buyer_order_count" = CASE
    WHEN coalesce(nullif(o."order"->>'buyerId', ''), lower(trim(o."buyer_email"))) IS NULL THEN 1
    ELSE (SELECT count(*)::int FROM "order_emails" e
      WHERE e."shop_id" = o."shop_id" AND e."step_key" = 'thank-you'
        AND coalesce(nullif(e."order"->>'buyerId', ''), lower(trim(e."buyer_email")))
          = coalesce(nullif(o."order"->>'buyerId', ''), lower(trim(o."buyer_email")))
        AND (e."created_at", e."id") <= (o."created_at", o."id"))
  END
  WHERE o."step_key" = 'thank-you';--> statement-breakpoint
-- Follow-ups greet the buyer as their order's thank-you does.
UPDATE "order_emails" f SET "buyer_order_count" = t."buyer_order_count"
  FROM "order_emails" t
  WHERE f."step_key" <> 'thank-you' AND t."step_key" = 'thank-you'
    AND t."shop_id" = f."shop_id" AND t."marketplace_order_id" = f."marketplace_order_id";
