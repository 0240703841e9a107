-- Professionals' calendars (issue 34, decision record 035): each professional's rules (null: the spec's six slots),
-- a row every booking of the professional locks first; bookings keep how long each job takes, as booked. With jobs
-- of any length and teams taking several at once, the unique index over (vendor, date, slot) gives way to that lock:
-- a booking is checked against the professional's other live jobs while their calendar row is held.
CREATE TABLE "professional_calendars" (
  "vendor_id" uuid PRIMARY KEY NOT NULL REFERENCES "vendors"("id"),
  "rules" jsonb,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "job_minutes" integer DEFAULT 60 NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_live_slot_key";
--> statement-breakpoint
CREATE INDEX "bookings_live_vendor_idx" ON "bookings" ("vendor_id", "service_date") WHERE "status" in ('Pending', 'Confirmed', 'Completed');
