-- Vendor portal products (issue 12): which vendor uploaded which image, so a product may only show images its own
-- vendor uploaded through POST /api/vendor/uploads. Files are content-addressed: two vendors uploading the same
-- picture share one file and each have a row.
CREATE TABLE "uploads" (
	"vendor_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_vendor_id_hash_pk" PRIMARY KEY("vendor_id","hash")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The vendor portal's product list, newest first, live products only.
CREATE INDEX "products_vendor_live_idx" ON "products" USING btree ("vendor_id","created_at") WHERE "products"."deleted_at" is null;
