-- A quote whose job ends before it is done (decision record 048): cancelled by the customer or support, declined by
-- the professional, lapsed with an unanswered new time, or not paid. The quote is Sent again without its job and
-- keeps which job ended and how, so both sides see why it is open again. One accepted version per visit, so the
-- visit fee is taken off one live job only, even when a new version is sent while another is being accepted.
ALTER TABLE "site_quotes" ADD COLUMN "ended_job_booking_id" uuid REFERENCES "bookings"("id");
--> statement-breakpoint
ALTER TABLE "site_quotes" ADD COLUMN "job_ended_by" text;
--> statement-breakpoint
ALTER TABLE "site_quotes" ADD CONSTRAINT "site_quotes_job_ended_by_check" CHECK ("job_ended_by" in ('customer', 'professional', 'lapsed', 'support', 'unpaid'));
--> statement-breakpoint
CREATE UNIQUE INDEX "site_quotes_one_accepted_key" ON "site_quotes" ("visit_booking_id") WHERE "status" = 'Accepted';
