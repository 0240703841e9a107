-- Money out, the foundation (decision record 017): the platform's commission rates, the rate and amount each
-- order line and booking was sold under, and the vendor's payout account (their KYC for money).
-- One row per rate: `scope_key` is 'default:materials', 'default:services', 'category:<lower name>' or
-- 'vendor:<uuid>', so a change is one atomic upsert. Basis points: 500 = 5%.
CREATE TABLE "commission_rates" (
	"scope_key" text PRIMARY KEY NOT NULL,
	"rate_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_bps_check" CHECK ("rate_bps" >= 0 AND "rate_bps" <= 10000),
	CONSTRAINT "commission_rates_scope_check" CHECK ("scope_key" ~ '^(default:(materials|services)|category:.+|vendor:[0-9a-f-]{36})$')
);
--> statement-breakpoint
INSERT INTO "commission_rates" ("scope_key", "rate_bps") VALUES ('default:materials', 500), ('default:services', 1000);--> statement-breakpoint
-- Recorded at placement and never rewritten. Null on rows placed before this migration (no rate applied then).
ALTER TABLE "order_lines" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_paise" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_paise" bigint;--> statement-breakpoint
CREATE TYPE "public"."payout_business_type" AS ENUM('individual', 'proprietorship', 'partnership', 'llp', 'private_limited', 'public_limited');--> statement-breakpoint
CREATE TYPE "public"."payout_account_status" AS ENUM('not_submitted', 'pending', 'activated', 'needs_clarification');--> statement-breakpoint
-- One row per vendor (the primary key): racing saves upsert the same row.
CREATE TABLE "vendor_payout_accounts" (
	"vendor_id" uuid PRIMARY KEY NOT NULL REFERENCES "vendors"("id"),
	"legal_name" text NOT NULL,
	"business_type" "payout_business_type" NOT NULL,
	"pan" text NOT NULL,
	"gstin" text,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"status" "payout_account_status" DEFAULT 'pending' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
