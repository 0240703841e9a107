-- account language (issue 33): the language a customer's and a vendor's mails are written in. NULL until they choose
-- one (the switcher, or the language cookie at login or signup); NULL mails in English.
ALTER TABLE "customers" ADD COLUMN "language" text CONSTRAINT "customers_language_check" CHECK ("language" IN ('en', 'hi', 'te', 'mr'));
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "language" text CONSTRAINT "vendors_language_check" CHECK ("language" IN ('en', 'hi', 'te', 'mr'));
