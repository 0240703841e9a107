-- Money out (decision record 017): the vendor's Razorpay Route linked account id (acc_...), set once the gateway
-- has created it. Transfers go only to an account whose status is 'activated' and that has this id.
ALTER TABLE "vendor_payout_accounts" ADD COLUMN "route_account_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_payout_accounts_route_account_id_idx" ON "vendor_payout_accounts" ("route_account_id");
