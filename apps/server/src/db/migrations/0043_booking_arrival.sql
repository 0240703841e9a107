-- Arrival and completion of a booking (issue 34, docs/decisions/043): a 4-digit start code the customer holds and
-- the professional enters at arrival, which moves the booking to In progress; "on my way"; completion by the
-- customer, or by itself 48 hours after the job's end.
-- The new status is added here and not used in this file: a value added to an enum cannot be used in the
-- transaction that adds it (the migrator runs every pending migration in one transaction).
ALTER TYPE "public"."booking_status" ADD VALUE IF NOT EXISTS 'In progress';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "on_the_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_start_code_check" CHECK ("start_code" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_start_code_tries_check" CHECK ("start_code_tries" BETWEEN 0 AND 5);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_completed_by_check" CHECK ("completed_by" IN ('customer', 'auto', 'vendor'));--> statement-breakpoint
-- Started (In progress) jobs hold their time too. The partial index bookings_live_vendor_idx (migration 0038) names
-- the statuses it covers and cannot be rebuilt here to name In progress (nor Declined, itself added in a migration:
-- on a fresh database every migration runs in one transaction); the live-jobs reads, which now include In progress,
-- use bookings_vendor_idx over the same columns.
-- The completion sweep's candidates: started bookings, by date.
CREATE INDEX "bookings_started_idx" ON "bookings" USING btree ("service_date") WHERE "started_at" IS NOT NULL AND "completed_at" IS NULL;--> statement-breakpoint
-- Bookings still waiting for their professional get a code now, from gen_random_uuid() (a strong source; random()
-- is not), 28 random bits modulo 10,000, as the delivery codes did (migration 0033).
UPDATE "bookings"
  SET "start_code" = lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 7))::bit(28)::int) % 10000)::text, 4, '0')
  WHERE "status" IN ('Pending', 'Confirmed');
