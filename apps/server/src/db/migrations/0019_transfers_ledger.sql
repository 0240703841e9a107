-- Money out (decision record 019): one transfer intent per vendor per paid order or booking, reversal intents,
-- the vendor's cash-commission debt, the Route webhook's settlements, and the append-only double-entry ledger.
CREATE TABLE "vendor_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL REFERENCES "vendors"("id"),
	"order_id" uuid REFERENCES "orders"("id"),
	"booking_id" uuid REFERENCES "bookings"("id"),
	"razorpay_payment_id" text NOT NULL,
	"route_account_id" text,
	"amount_paise" bigint NOT NULL,
	"sent_paise" bigint,
	"razorpay_transfer_id" text,
	"gateway_status" text,
	"settlement_id" text,
	"release_due_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_transfers_one_target_check" CHECK (("order_id" IS NULL) <> ("booking_id" IS NULL)),
	CONSTRAINT "vendor_transfers_amount_check" CHECK ("amount_paise" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_order_key" ON "vendor_transfers" ("vendor_id", "order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_booking_key" ON "vendor_transfers" ("booking_id") WHERE "booking_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_razorpay_key" ON "vendor_transfers" ("razorpay_transfer_id");--> statement-breakpoint
CREATE INDEX "vendor_transfers_due_idx" ON "vendor_transfers" ("next_attempt_at") WHERE "razorpay_transfer_id" IS NULL;--> statement-breakpoint
CREATE INDEX "vendor_transfers_release_idx" ON "vendor_transfers" ("release_due_at") WHERE "released_at" IS NULL AND "release_due_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "transfer_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL REFERENCES "vendor_transfers"("id"),
	"refund_id" uuid REFERENCES "payment_refunds"("id"),
	"amount_paise" bigint NOT NULL,
	"razorpay_reversal_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_reversals_amount_check" CHECK ("amount_paise" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_reversals_refund_key" ON "transfer_reversals" ("refund_id");--> statement-breakpoint
CREATE INDEX "transfer_reversals_due_idx" ON "transfer_reversals" ("next_attempt_at") WHERE "razorpay_reversal_id" IS NULL;--> statement-breakpoint
CREATE TABLE "vendor_cash_debts" (
	"vendor_id" uuid PRIMARY KEY NOT NULL REFERENCES "vendors"("id"),
	"debt_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_cash_debts_check" CHECK ("debt_paise" >= 0)
);--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"movement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"vendor_id" uuid,
	"amount_paise" bigint NOT NULL,
	"order_id" uuid,
	"line_id" uuid,
	"booking_id" uuid,
	"transfer_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" IN ('sale', 'commission', 'transfer', 'hold release', 'reversal', 'refund', 'cash commission owed', 'netting'))
);--> statement-breakpoint
CREATE INDEX "ledger_entries_vendor_idx" ON "ledger_entries" ("vendor_id", "at");--> statement-breakpoint
CREATE INDEX "ledger_entries_movement_idx" ON "ledger_entries" ("movement_id");--> statement-breakpoint
CREATE FUNCTION "ledger_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_refuse_change"();
