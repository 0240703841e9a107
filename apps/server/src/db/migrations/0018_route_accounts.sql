-- Money out (decision record 018): the vendor's Razorpay Route linked account, made from committed rows.
-- The product's activation statuses we show: under review at the gateway, and suspended (or rejected) by it.
ALTER TYPE "payout_account_status" ADD VALUE IF NOT EXISTS 'under_review';--> statement-breakpoint
ALTER TYPE "payout_account_status" ADD VALUE IF NOT EXISTS 'suspended';--> statement-breakpoint
-- What the gateway asked for when it needs clarification (its reason codes and fields), shown to the vendor.
ALTER TABLE "vendor_payout_accounts" ADD COLUMN "status_reason" text;--> statement-breakpoint
-- One row per vendor: the intent to bring the gateway's linked account in line with the saved payout account.
-- Each save bumps `generation` in the save's transaction; the worker pushes a generation and records it in
-- `synced_generation`. The ids the gateway gave are kept so a retry continues where the last attempt stopped, and
-- the details sent to create the account and its stakeholder are kept until the gateway answers, so every retry
-- sends the same body under the same idempotency key.
CREATE TABLE "route_account_intents" (
	"vendor_id" uuid PRIMARY KEY NOT NULL REFERENCES "vendor_payout_accounts"("vendor_id"),
	"generation" integer DEFAULT 1 NOT NULL,
	"synced_generation" integer DEFAULT 0 NOT NULL,
	"stakeholder_id" text,
	"product_id" text,
	"account_request" jsonb,
	"stakeholder_request" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "route_account_intents_due_idx" ON "route_account_intents" ("next_attempt_at") WHERE "generation" > "synced_generation";
