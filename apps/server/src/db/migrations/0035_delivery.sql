-- delivery: a seller's own delivery settings, each product's weight and volume per unit, and on each order line its
-- share of its seller's delivery fee and the date and window promised (decision record 034).
CREATE TABLE "vendor_delivery_settings" (
  "vendor_id" uuid PRIMARY KEY NOT NULL REFERENCES "vendors"("id"),
  "dispatch_pincode" text,
  "dispatch_latitude" double precision NOT NULL,
  "dispatch_longitude" double precision NOT NULL,
  "radius_km" integer,
  "area_rules" jsonb NOT NULL,
  "vehicles" jsonb NOT NULL,
  "unloading_per_floor_paise" bigint NOT NULL,
  "minimum_order_paise" bigint NOT NULL,
  "free_delivery_from_paise" bigint,
  "lead_days" smallint NOT NULL,
  "weekdays" smallint[] NOT NULL,
  "cutoff" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "vendor_delivery_settings_money_check" CHECK ("unloading_per_floor_paise" >= 0 and "minimum_order_paise" >= 0 and ("free_delivery_from_paise" is null or "free_delivery_from_paise" >= 0))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_kg" double precision, ADD COLUMN "volume_m3" double precision;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_load_check" CHECK (("weight_kg" is null or "weight_kg" > 0) and ("volume_m3" is null or "volume_m3" > 0));
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivery_fee_paise" bigint DEFAULT 0 NOT NULL, ADD COLUMN "delivery_date" date, ADD COLUMN "delivery_window" text;
