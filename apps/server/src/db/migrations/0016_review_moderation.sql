-- Review moderation (operator console): operators hide a review with a reason; a hidden review leaves the public
-- lists and the stored rating sums and counts (kept in the hiding transaction). Customers report reviews.
ALTER TABLE "product_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
-- One table for reports of both kinds of review; the kind says which table review_id is in. One report per
-- customer per review: the unique index settles racing reports.
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"review_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id"),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_kind_check" CHECK ("kind" in ('product', 'vendor'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_customer_key" ON "review_reports" USING btree ("kind", "review_id", "customer_id");
