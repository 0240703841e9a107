-- Proof at the door (issue 32, docs/decisions/032): a product line becomes Delivered only with its customer's
-- 4-digit delivery code, or, when the customer is away, a photo of the delivery and the receiver's name.
-- The code is kept plainly on the line (the customer reads it again in My orders; only the customer's own answer
-- carries it, and no log does). The wrong tries are counted on the line: 5, then only the photo path remains.
ALTER TABLE "order_lines" ADD COLUMN "delivery_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivery_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivery_photo_id" uuid REFERENCES "private_files"("id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivery_received_by" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_delivery_code_check" CHECK ("delivery_code" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_delivery_code_tries_check" CHECK ("delivery_code_tries" BETWEEN 0 AND 5);--> statement-breakpoint
-- Lines still to be delivered get a code now (a Shipped line could not be delivered without one). The digits come
-- from gen_random_uuid(), PostgreSQL's strong random source (random() is not), 28 random bits modulo 10,000.
-- Delivered and Cancelled lines never need one and keep none.
UPDATE "order_lines"
  SET "delivery_code" = lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 7))::bit(28)::int) % 10000)::text, 4, '0')
  WHERE "status" IN ('Pending', 'Shipped');
