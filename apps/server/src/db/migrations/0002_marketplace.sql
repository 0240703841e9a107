ALTER TYPE "public"."booking_status" ADD VALUE 'Declined';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'Refunded';--> statement-breakpoint
CREATE TABLE "chat_notifications" (
	"customer_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"recipient" "participant" NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_notifications_customer_id_vendor_id_recipient_pk" PRIMARY KEY("customer_id","vendor_id","recipient")
);
--> statement-breakpoint
DROP INDEX "bookings_live_slot_key";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_status" "payment_status" DEFAULT 'Pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "payment_status" "payment_status" DEFAULT 'Pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_notifications" ADD CONSTRAINT "chat_notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notifications" ADD CONSTRAINT "chat_notifications_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_vendor_idx" ON "bookings" USING btree ("vendor_id","service_date");--> statement-breakpoint
CREATE INDEX "messages_vendor_idx" ON "messages" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("customer_id","vendor_id","sender") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_key" ON "messages" USING btree ("customer_id","vendor_id","sender","client_id") WHERE "messages"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_customer_key" ON "product_reviews" USING btree ("product_id","customer_id") WHERE "product_reviews"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_reviews_customer_key" ON "vendor_reviews" USING btree ("vendor_id","customer_id") WHERE "vendor_reviews"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_slot_key" ON "bookings" USING btree ("vendor_id","service_date","service_time") WHERE "bookings"."status" in ('Pending', 'Confirmed', 'Completed');--> statement-breakpoint
UPDATE "products" p SET "rating_sum" = s.total, "rating_count" = s.n
FROM (SELECT "product_id", sum("rating")::int AS total, count(*)::int AS n FROM "product_reviews" GROUP BY "product_id") s
WHERE s."product_id" = p."id";--> statement-breakpoint
UPDATE "vendors" v SET "rating_sum" = s.total, "rating_count" = s.n
FROM (SELECT "vendor_id", sum("rating")::int AS total, count(*)::int AS n FROM "vendor_reviews" GROUP BY "vendor_id") s
WHERE s."vendor_id" = v."id";
