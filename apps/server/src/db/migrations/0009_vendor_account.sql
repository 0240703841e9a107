-- Vendor accounts (issue 12). A project's own date (when the work was done, chosen by the vendor; the public
-- list shows it as createdAt, falling back to when it was added). When a line was delivered, so a month's
-- revenue counts what was delivered in it (lines delivered before this column fall back to the order time).
ALTER TABLE "projects" ADD COLUMN "project_date" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivered_at" timestamp with time zone;
