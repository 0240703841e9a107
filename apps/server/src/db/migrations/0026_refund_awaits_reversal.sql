-- A refund of a line or booking whose vendor's share was already released (docs/decisions/019): the payouts side
-- marks the refund row in the transaction that stores it, and clears the mark in the transaction that records the
-- reversal of that share at the gateway. The payment worker does not ask the gateway for a refund while any row of
-- its receipt is marked, so money paid out to a vendor is never refunded before it is reversed.
ALTER TABLE "payment_refunds" ADD COLUMN "awaits_reversal" boolean DEFAULT false NOT NULL;
