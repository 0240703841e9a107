-- A refund support paid to the customer's UPI or bank account outside the gateway, after a dispute on a cash sale
-- (docs/decisions/028): how and with which reference it was paid, on the dispute that decided it; at most one per
-- order line and per booking (the unique indexes hold it under races). The vendor's share becomes a debt on the
-- ledger, netted from its next transfers like cash commission.
ALTER TABLE "disputes" ADD COLUMN "paid_outside_method" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "paid_outside_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_paid_outside_line_key" ON "disputes" ("line_id") WHERE "paid_outside_method" IS NOT NULL AND "line_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_paid_outside_booking_key" ON "disputes" ("booking_id") WHERE "paid_outside_method" IS NOT NULL AND "booking_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" IN ('sale', 'commission', 'transfer', 'hold release', 'reversal', 'refund', 'cash commission owed', 'netting', 'refund paid outside'));
--> statement-breakpoint
-- A delivered cash-on-delivery line was paid at the door (docs/decisions/028): lines delivered before this reads
-- Paid too, and their orders once no live line is still to be paid.
UPDATE "order_lines" SET "payment_status" = 'Paid'
  WHERE "status" = 'Delivered' AND "payment_status" = 'Pending' AND "order_id" IN (SELECT "id" FROM "orders" WHERE "payment_method" = 'cod');--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'Paid'
  WHERE "payment_method" = 'cod' AND "payment_status" = 'Pending'
    AND NOT EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = "orders"."id" AND l."status" <> 'Cancelled' AND l."payment_status" = 'Pending')
    AND EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = "orders"."id" AND l."payment_status" = 'Paid');
