-- The operator console's money screens and timelines (docs/decisions/025). When a line was shipped and cancelled,
-- set by the status change itself (rows from before stay null); and an operator's extension of a vendor
-- transfer's hold: the worker releases no hold before it.
ALTER TABLE "order_lines" ADD COLUMN "shipped_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD COLUMN "held_until" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "vendor_transfers_failed_idx" ON "vendor_transfers" ("created_at") WHERE "razorpay_transfer_id" IS NULL AND ("attempts" > 0 OR "gateway_status" = 'failed');
