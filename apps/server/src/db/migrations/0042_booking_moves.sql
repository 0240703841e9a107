-- Rescheduling (issue 34, decision record 041): every move of a booking (a customer's reschedule, a professional's
-- proposal), the timeline of My orders and the console; open moves hold their new slot. A reschedule's fee inside the
-- window is a gateway payment of its own, on the move.
CREATE TABLE "booking_moves" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
  "kind" text NOT NULL,
  "status" text NOT NULL,
  "from_date" date NOT NULL,
  "from_time" text NOT NULL,
  "to_date" date NOT NULL,
  "to_time" text NOT NULL,
  "fee_paise" bigint DEFAULT 0 NOT NULL,
  "expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  CONSTRAINT "booking_moves_kind_check" CHECK ("kind" IN ('customer', 'proposal')),
  CONSTRAINT "booking_moves_status_check" CHECK ("status" IN ('done', 'awaiting_fee', 'expired', 'proposed', 'accepted', 'superseded', 'lapsed')),
  CONSTRAINT "booking_moves_fee_check" CHECK ("fee_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX "booking_moves_booking_idx" ON "booking_moves" ("booking_id", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_moves_open_key" ON "booking_moves" ("booking_id") WHERE "status" in ('awaiting_fee', 'proposed');
--> statement-breakpoint
CREATE INDEX "booking_moves_open_idx" ON "booking_moves" ("expires_at") WHERE "status" in ('awaiting_fee', 'proposed');
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "move_id" uuid REFERENCES "booking_moves"("id");
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_one_target_check";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_target_check" CHECK (num_nonnulls("order_id", "booking_id", "move_id") = 1);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_move_key" ON "payments" ("move_id") WHERE "status" IN ('creating', 'open', 'paid');
