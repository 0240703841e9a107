-- Rescheduling multi-day jobs (issue 34, decision record 044). A move records whether it moved one slot, a whole job
-- or one day of a job, and a job's days before and after it; an open move of a job holds its new days. A job made
-- from a quote is found from its booking when it expires unpaid (the quote opens again).
ALTER TABLE "booking_moves" ADD COLUMN "scope" text DEFAULT 'slot' NOT NULL;
--> statement-breakpoint
ALTER TABLE "booking_moves" ADD CONSTRAINT "booking_moves_scope_check" CHECK ("scope" in ('slot', 'job', 'day'));
--> statement-breakpoint
ALTER TABLE "booking_moves" ADD COLUMN "from_days" jsonb;
--> statement-breakpoint
ALTER TABLE "booking_moves" ADD COLUMN "to_days" jsonb;
--> statement-breakpoint
CREATE INDEX "site_quotes_job_idx" ON "site_quotes" ("job_booking_id") WHERE "job_booking_id" IS NOT NULL;
