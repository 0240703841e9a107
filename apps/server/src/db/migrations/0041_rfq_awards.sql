-- Issue 35, decision record 036: a request's acceptance split across sellers (one quote per item). Each item is
-- awarded to one quote at most, whatever races (the primary key); a request may now have one accepted quote per seller.
CREATE TABLE "rfq_awards" (
  "item_id" uuid PRIMARY KEY NOT NULL REFERENCES "rfq_items"("id"),
  "rfq_id" uuid NOT NULL REFERENCES "rfqs"("id"),
  "quote_id" uuid NOT NULL REFERENCES "rfq_quotes"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rfq_awards_rfq_idx" ON "rfq_awards" ("rfq_id");
--> statement-breakpoint
INSERT INTO "rfq_awards" ("item_id", "rfq_id", "quote_id", "created_at")
  SELECT i."id", r."id", r."accepted_quote_id", now() FROM "rfqs" r JOIN "rfq_items" i ON i."rfq_id" = r."id" WHERE r."accepted_quote_id" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "rfq_quotes_accepted_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_quotes_accepted_idx" ON "rfq_quotes" ("rfq_id", "vendor_id") WHERE "status" = 'accepted';
