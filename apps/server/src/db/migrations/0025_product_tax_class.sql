-- A product's own HSN and GST rate among its category's allowed values (docs/decisions/022), and the HSN and rate
-- each order line was sold under, recorded at placement so a later change of the product never alters a placed
-- sale. Null on a product means its category's default; null on a line placed before this migration means the
-- same, read when its invoice is issued.
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_percent" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_check" CHECK (("hsn" is null) = ("gst_rate_percent" is null) and ("gst_rate_percent" is null or "gst_rate_percent" between 0 and 40));--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gst_rate_percent" integer;
