-- GST invoices (decision record 022): the business buyer's GSTIN on orders and bookings, the invoice series
-- counters and the issued invoices, bills of supply and credit notes.
ALTER TABLE "orders" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing" jsonb;--> statement-breakpoint
CREATE TABLE "invoice_counters" (
  "series" text NOT NULL,
  "fy" text NOT NULL,
  "last_seq" integer NOT NULL,
  CONSTRAINT "invoice_counters_series_fy_pk" PRIMARY KEY ("series", "fy")
);--> statement-breakpoint
CREATE TABLE "invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "supply_key" text NOT NULL,
  "series" text NOT NULL,
  "fy" text NOT NULL,
  "seq" integer,
  "number" text,
  "issued_at" timestamp with time zone DEFAULT now() NOT NULL,
  "vendor_id" uuid REFERENCES "vendors"("id"),
  "customer_id" uuid NOT NULL REFERENCES "customers"("id"),
  "order_id" uuid REFERENCES "orders"("id"),
  "booking_id" uuid REFERENCES "bookings"("id"),
  "refers_to" uuid,
  "taxable_paise" bigint NOT NULL,
  "cgst_paise" bigint NOT NULL,
  "sgst_paise" bigint NOT NULL,
  "igst_paise" bigint NOT NULL,
  "total_paise" bigint NOT NULL,
  "document" jsonb NOT NULL,
  "pdf_key" text,
  CONSTRAINT "invoices_kind_check" CHECK ("kind" in ('tax_invoice', 'bill_of_supply', 'credit_note'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_supply_key" ON "invoices" ("supply_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_seq_key" ON "invoices" ("series", "fy", "seq");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" ("customer_id", "issued_at");--> statement-breakpoint
CREATE INDEX "invoices_vendor_idx" ON "invoices" ("vendor_id", "issued_at");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" ("order_id");
