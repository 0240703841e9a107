-- Vendor portal (issue 12). A vendor who signs up is listed publicly only once approved; every vendor that
-- exists now (the seeded ones) counts as approved. A deleted product keeps its row, so order history still
-- reads it, and leaves every public list.
ALTER TABLE "vendors" ADD COLUMN "approved_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;
