-- Multi-day jobs and quotes after a site visit (issue 34, decision record 042). A booking is a plain one, a site
-- visit or a multi-day job; a job keeps every working day it holds (its first is service_date) and its last, so a
-- professional's live jobs around a date are read by (vendor, service_date) from a bounded window. The professional's
-- offers live on their calendar row; quotes are versions per site visit, one version number each.
ALTER TABLE "bookings" ADD COLUMN "kind" text DEFAULT 'service' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_kind_check" CHECK ("kind" in ('service', 'visit', 'job'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "days" jsonb;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "last_date" date;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visit_credit_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "professional_calendars" ADD COLUMN "visit_fee_paise" bigint;
--> statement-breakpoint
ALTER TABLE "professional_calendars" ADD COLUMN "multi_day" jsonb;
--> statement-breakpoint
CREATE TABLE "site_quotes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "visit_booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
  "vendor_id" uuid NOT NULL REFERENCES "vendors"("id"),
  "customer_id" uuid NOT NULL REFERENCES "customers"("id"),
  "version" integer NOT NULL,
  "status" text DEFAULT 'Sent' NOT NULL CHECK ("status" in ('Sent', 'RevisionAsked', 'Accepted', 'Declined', 'Superseded')),
  "labour" jsonb NOT NULL,
  "materials" jsonb NOT NULL,
  "days" integer NOT NULL,
  "valid_until" date NOT NULL,
  "labour_paise" bigint NOT NULL,
  "materials_paise" bigint NOT NULL,
  "visit_credit_paise" bigint NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "revision_note" text,
  "job_booking_id" uuid REFERENCES "bookings"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_quotes_visit_version_key" ON "site_quotes" ("visit_booking_id", "version");
--> statement-breakpoint
CREATE INDEX "site_quotes_customer_idx" ON "site_quotes" ("customer_id", "created_at");
--> statement-breakpoint
CREATE INDEX "site_quotes_vendor_idx" ON "site_quotes" ("vendor_id", "created_at");
