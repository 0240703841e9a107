-- Money in paise in every column (issue 31, docs/decisions/030): product prices and a professional's charge were
-- whole rupees (integer), orders, order lines and bookings numeric(12,2) rupees, payments and everything after them
-- bigint paise. Now every amount is a bigint of paise named *_paise, so a reader never guesses the unit and no
-- query converts with its own rounding. Rupee integers convert exactly (× 100); a numeric value with more than two
-- decimals (none can be stored in numeric(12,2), but a hand-altered database could hold one) stops the migration
-- instead of being rounded. Each table is rewritten once: its columns change type in one ALTER TABLE, which also
-- rebuilds the indexes and re-checks the constraints that use them.
DO $$
DECLARE
  bad text;
BEGIN
  SELECT string_agg(what, ', ') INTO bad FROM (
    SELECT 'orders' AS what WHERE EXISTS (SELECT 1 FROM "orders" WHERE "subtotal" <> round("subtotal", 2) OR "delivery_fee" <> round("delivery_fee", 2) OR "total" <> round("total", 2))
    UNION ALL
    SELECT 'order_lines' WHERE EXISTS (SELECT 1 FROM "order_lines" WHERE "price_per_unit" <> round("price_per_unit", 2) OR "total_price" <> round("total_price", 2))
    UNION ALL
    SELECT 'bookings' WHERE EXISTS (SELECT 1 FROM "bookings" WHERE "base_price" <> round("base_price", 2) OR "service_charge" <> round("service_charge", 2) OR "total_amount" <> round("total_amount", 2))
  ) AS found;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'money in paise: % hold amounts with more than two decimals (a fraction of a paisa); fix them by hand first', bad;
  END IF;
END
$$;
--> statement-breakpoint
-- A trigger that names columns (UPDATE OF ...) forbids changing their type: both come back below, unchanged.
DROP TRIGGER "products_touch_updated_at" ON "products";
--> statement-breakpoint
DROP TRIGGER "vendors_touch_updated_at" ON "vendors";
--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "price" TO "price_paise";
--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "mrp" TO "mrp_paise";
--> statement-breakpoint
ALTER TABLE "products"
  ALTER COLUMN "price_paise" TYPE bigint USING "price_paise"::bigint * 100,
  ALTER COLUMN "mrp_paise" TYPE bigint USING "mrp_paise"::bigint * 100;
--> statement-breakpoint
ALTER TABLE "vendors" RENAME COLUMN "charge_amount" TO "charge_amount_paise";
--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "charge_amount_paise" TYPE bigint USING "charge_amount_paise"::bigint * 100;
--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "subtotal" TO "subtotal_paise";
--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "delivery_fee" TO "delivery_fee_paise";
--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "total" TO "total_paise";
--> statement-breakpoint
ALTER TABLE "orders"
  ALTER COLUMN "subtotal_paise" TYPE bigint USING ("subtotal_paise" * 100)::bigint,
  ALTER COLUMN "delivery_fee_paise" TYPE bigint USING ("delivery_fee_paise" * 100)::bigint,
  ALTER COLUMN "total_paise" TYPE bigint USING ("total_paise" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "order_lines" RENAME COLUMN "price_per_unit" TO "price_per_unit_paise";
--> statement-breakpoint
ALTER TABLE "order_lines" RENAME COLUMN "total_price" TO "total_price_paise";
--> statement-breakpoint
ALTER TABLE "order_lines"
  ALTER COLUMN "price_per_unit_paise" TYPE bigint USING ("price_per_unit_paise" * 100)::bigint,
  ALTER COLUMN "total_price_paise" TYPE bigint USING ("total_price_paise" * 100)::bigint;
--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "base_price" TO "base_price_paise";
--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "service_charge" TO "service_charge_paise";
--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "total_amount" TO "total_amount_paise";
--> statement-breakpoint
ALTER TABLE "bookings"
  ALTER COLUMN "base_price_paise" TYPE bigint USING ("base_price_paise" * 100)::bigint,
  ALTER COLUMN "service_charge_paise" TYPE bigint USING ("service_charge_paise" * 100)::bigint,
  ALTER COLUMN "total_amount_paise" TYPE bigint USING ("total_amount_paise" * 100)::bigint;
--> statement-breakpoint
CREATE TRIGGER "products_touch_updated_at" BEFORE UPDATE OF "name", "brand", "category", "description", "price_paise", "mrp_paise", "unit", "images", "location", "tag", "rating_sum", "rating_count", "deleted_at", "vendor_id"
  ON "products" FOR EACH ROW EXECUTE FUNCTION "nirmaan_touch_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "vendors_touch_updated_at" BEFORE UPDATE OF "owner_name", "business_name", "business_address", "city", "description", "category", "sub_categories", "charge_amount_paise", "charge_type", "profile_image", "rating_sum", "rating_count", "approved_at", "suspended_at"
  ON "vendors" FOR EACH ROW EXECUTE FUNCTION "nirmaan_touch_updated_at"();
