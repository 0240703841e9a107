-- When a public product or vendor last changed, for the sitemap's lastmod (docs/decisions/023). Rows from before
-- this migration keep null and are read as their created_at; new rows start at now(), and a trigger moves it on
-- every update of what their page shows (not on stock moves, which only touch stock).
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "updated_at" SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "updated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "updated_at" SET DEFAULT now();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nirmaan_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_touch_updated_at" BEFORE UPDATE OF "name", "brand", "category", "description", "price", "mrp", "unit", "images", "location", "tag", "rating_sum", "rating_count", "deleted_at", "vendor_id"
  ON "products" FOR EACH ROW EXECUTE FUNCTION "nirmaan_touch_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "vendors_touch_updated_at" BEFORE UPDATE OF "owner_name", "business_name", "business_address", "city", "description", "category", "sub_categories", "charge_amount", "charge_type", "profile_image", "rating_sum", "rating_count", "approved_at", "suspended_at"
  ON "vendors" FOR EACH ROW EXECUTE FUNCTION "nirmaan_touch_updated_at"();
--> statement-breakpoint
-- A product page's related products (best rated first, then cheapest) read by index with their limit, instead of
-- sorting the whole category: the server-rendered product page waits for them (docs/decisions/023).
CREATE INDEX "products_related_idx" ON "products" (lower("category"), (case when "rating_count" > 0 then "rating_sum"::numeric / "rating_count" end) DESC NULLS LAST, "price", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- The sitemap's keyset walk over shown products reads only this index (index-only scans after vacuum).
CREATE INDEX "products_sitemap_idx" ON "products" ("id") INCLUDE ("vendor_id", "updated_at", "created_at") WHERE "deleted_at" IS NULL;
