CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"booking_id" uuid,
	"razorpay_order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"razorpay_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_order_id_key" UNIQUE("order_id"),
	CONSTRAINT "payments_razorpay_order_id_key" UNIQUE("razorpay_order_id"),
	CONSTRAINT "payments_booking_id_key" UNIQUE("booking_id"),
	CONSTRAINT "payments_amount_check" CHECK ("amount_paise" >= 100),
	CONSTRAINT "payments_one_target_check" CHECK (("order_id" IS NULL) <> ("booking_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid,
	"booking_id" uuid,
	"razorpay_payment_id" text NOT NULL,
	"razorpay_refund_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_line_id_key" UNIQUE("line_id"),
	CONSTRAINT "payment_refunds_booking_id_key" UNIQUE("booking_id"),
	CONSTRAINT "payment_refunds_one_target_check" CHECK (("line_id" IS NULL) <> ("booking_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bookings_unpaid_idx" ON "bookings" USING btree ("created_at") WHERE "payment_status" = 'Pending' AND "payment_method" IN ('card', 'upi', 'netbanking') AND "status" = 'Pending';--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "payment_status" = 'Pending' AND "payment_method" IN ('online', 'upi');
