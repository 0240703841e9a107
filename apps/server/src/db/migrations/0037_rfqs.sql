-- rfqs: buying in bulk (issue 35, decision record 035). A customer's request for quotes, its items, the sellers it
-- was routed to, their quotes (a row per version, so revisions keep history) and each seller's thread of
-- counter-offers. One accepted quote per request is held by a partial unique index as well as by the request's state.
CREATE TABLE "rfqs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "customer_id" uuid NOT NULL REFERENCES "customers"("id"),
  "state" text DEFAULT 'open' NOT NULL,
  "pincode" text NOT NULL,
  "needed_from" date NOT NULL,
  "needed_to" date NOT NULL,
  "floors" smallint NOT NULL,
  "notes" text NOT NULL,
  "quote_days" smallint NOT NULL,
  "closes_at" timestamp with time zone NOT NULL,
  "accepted_quote_id" uuid,
  "order_id" uuid REFERENCES "orders"("id"),
  "hidden_reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rfqs_state_check" CHECK ("state" in ('open', 'accepted', 'cancelled', 'hidden')),
  CONSTRAINT "rfqs_accepted_check" CHECK (("state" = 'accepted') = ("accepted_quote_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "rfqs_customer_idx" ON "rfqs" ("customer_id", "created_at");
--> statement-breakpoint
CREATE INDEX "rfqs_created_idx" ON "rfqs" ("created_at");
--> statement-breakpoint
CREATE TABLE "rfq_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "rfq_id" uuid NOT NULL REFERENCES "rfqs"("id"),
  "position" smallint NOT NULL,
  "category" text NOT NULL,
  "description" text NOT NULL,
  "quantity" integer NOT NULL,
  "unit" text NOT NULL,
  CONSTRAINT "rfq_items_quantity_check" CHECK ("quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_items_position_idx" ON "rfq_items" ("rfq_id", "position");
--> statement-breakpoint
CREATE TABLE "rfq_sellers" (
  "rfq_id" uuid NOT NULL REFERENCES "rfqs"("id"),
  "vendor_id" uuid NOT NULL REFERENCES "vendors"("id"),
  "distance_km" double precision NOT NULL,
  "declined_at" timestamp with time zone,
  "decline_reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rfq_sellers_rfq_id_vendor_id_pk" PRIMARY KEY ("rfq_id", "vendor_id")
);
--> statement-breakpoint
CREATE INDEX "rfq_sellers_vendor_idx" ON "rfq_sellers" ("vendor_id", "created_at");
--> statement-breakpoint
CREATE TABLE "rfq_quotes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "rfq_id" uuid NOT NULL REFERENCES "rfqs"("id"),
  "vendor_id" uuid NOT NULL REFERENCES "vendors"("id"),
  "version" integer NOT NULL,
  "status" text DEFAULT 'live' NOT NULL,
  "items" jsonb NOT NULL,
  "freight_paise" bigint NOT NULL,
  "freight_proposed_paise" bigint,
  "freight_reason" text,
  "unloading_paise" bigint NOT NULL,
  "part_load_paise" bigint NOT NULL,
  "material_paise" bigint NOT NULL,
  "gst_paise" bigint NOT NULL,
  "landed_total_paise" bigint NOT NULL,
  "earliest_date" date,
  "valid_until" timestamp with time zone NOT NULL,
  "payment_terms" text[] NOT NULL,
  "notes" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rfq_quotes_status_check" CHECK ("status" in ('live', 'superseded', 'accepted', 'closed')),
  CONSTRAINT "rfq_quotes_money_check" CHECK ("freight_paise" >= 0 and "unloading_paise" >= 0 and "part_load_paise" >= 0 and "landed_total_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_quotes_version_idx" ON "rfq_quotes" ("rfq_id", "vendor_id", "version");
--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_quotes_accepted_idx" ON "rfq_quotes" ("rfq_id") WHERE "status" = 'accepted';
--> statement-breakpoint
CREATE INDEX "rfq_quotes_vendor_idx" ON "rfq_quotes" ("vendor_id", "created_at");
--> statement-breakpoint
CREATE TABLE "rfq_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "rfq_id" uuid NOT NULL REFERENCES "rfqs"("id"),
  "vendor_id" uuid NOT NULL REFERENCES "vendors"("id"),
  "author" text NOT NULL,
  "kind" text NOT NULL,
  "quote_id" uuid REFERENCES "rfq_quotes"("id"),
  "proposed_total_paise" bigint,
  "proposed_unit_paise" bigint,
  "item_id" uuid,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rfq_messages_author_check" CHECK ("author" in ('buyer', 'seller'))
);
--> statement-breakpoint
CREATE INDEX "rfq_messages_thread_idx" ON "rfq_messages" ("rfq_id", "vendor_id", "created_at");
