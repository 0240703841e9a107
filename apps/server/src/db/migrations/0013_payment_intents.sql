-- Issue: no gateway call inside a transaction. A payments row is now the intent to have a gateway order
-- (status creating → open → paid, or void when the order changed or ended); a payment_refunds row is the intent
-- to refund (razorpay_refund_id null until the gateway answered). Rows sharing a receipt are one gateway refund.
ALTER TABLE "payments" ALTER COLUMN "amount_paise" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "razorpay_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_key";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_id_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "status" = 'paid' WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('creating', 'open', 'paid', 'void'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_check" CHECK ("status" IN ('creating', 'void') OR "razorpay_order_id" IS NOT NULL);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_order_key" ON "payments" USING btree ("order_id") WHERE "status" IN ('creating', 'open', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_booking_key" ON "payments" USING btree ("booking_id") WHERE "status" IN ('creating', 'open', 'paid');--> statement-breakpoint
CREATE INDEX "payments_creating_idx" ON "payments" USING btree ("next_attempt_at") WHERE "status" = 'creating';--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "amount_paise" TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "razorpay_refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_one_target_check";--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "reason" text DEFAULT 'cancelled' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_refunds" SET "receipt" = coalesce("razorpay_refund_id", "line_id"::text, "booking_id"::text);--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "receipt" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount_check" CHECK ("amount_paise" > 0);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_fee_key" ON "payment_refunds" USING btree ("order_id") WHERE "reason" = 'delivery fee';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_unhonoured_key" ON "payment_refunds" USING btree ("razorpay_payment_id") WHERE "line_id" IS NULL AND "booking_id" IS NULL AND "reason" <> 'delivery fee';--> statement-breakpoint
CREATE INDEX "payment_refunds_due_idx" ON "payment_refunds" USING btree ("next_attempt_at") WHERE "razorpay_refund_id" IS NULL;
