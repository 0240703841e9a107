-- Disputes (decision record 020): a customer's reported problem with an order line or a booking, the vendor's
-- answer and support's resolution. Exactly one of line_id and booking_id; at most one unresolved dispute per
-- line or booking (the partial unique indexes settle racing opens). Refunds live in payment_refunds (reason
-- 'dispute'); refunded_paise here is the amount support decided, for the lists.
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id"),
	"vendor_id" uuid NOT NULL REFERENCES "vendors"("id"),
	"order_id" uuid REFERENCES "orders"("id"),
	"line_id" uuid REFERENCES "order_lines"("id"),
	"booking_id" uuid REFERENCES "bookings"("id"),
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"vendor_answer" text,
	"answered_at" timestamp with time zone,
	"resolution_reason" text,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_one_target_check" CHECK (("line_id" IS NULL) <> ("booking_id" IS NULL)),
	CONSTRAINT "disputes_status_check" CHECK ("status" in ('open', 'answered', 'refunded', 'rejected')),
	CONSTRAINT "disputes_reason_check" CHECK ("reason" in ('not_delivered', 'damaged', 'wrong_item', 'professional_no_show', 'poor_work')),
	CONSTRAINT "disputes_refunded_check" CHECK ("refunded_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_line_key" ON "disputes" USING btree ("line_id") WHERE "status" in ('open', 'answered') AND "line_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_booking_key" ON "disputes" USING btree ("booking_id") WHERE "status" in ('open', 'answered') AND "booking_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "disputes_customer_idx" ON "disputes" USING btree ("customer_id", "created_at");--> statement-breakpoint
CREATE INDEX "disputes_vendor_idx" ON "disputes" USING btree ("vendor_id", "created_at");--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status", "created_at");
