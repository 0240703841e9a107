-- whatsapp: each customer's and vendor's WhatsApp number and consent, the outbox of messages with their statuses,
-- when each number last wrote (the 24-hour window) and the messages received, once each (issue 36, decision record 035).
CREATE TABLE "whatsapp_settings" (
  "party" text NOT NULL,
  "party_id" uuid NOT NULL,
  "phone" text NOT NULL,
  "consent" text NOT NULL,
  "language" text,
  "consented_at" timestamp with time zone,
  "consent_source" text,
  "withdrawn_at" timestamp with time zone,
  "withdrawn_by" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "whatsapp_settings_party_id_pk" PRIMARY KEY ("party", "party_id"),
  CONSTRAINT "whatsapp_settings_party_check" CHECK ("party" in ('customer', 'vendor')),
  CONSTRAINT "whatsapp_settings_consent_check" CHECK ("consent" in ('given', 'withdrawn'))
);
--> statement-breakpoint
CREATE INDEX "whatsapp_settings_phone_idx" ON "whatsapp_settings" ("phone");
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
  "phone" text PRIMARY KEY NOT NULL,
  "last_inbound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "party" text NOT NULL,
  "party_id" uuid NOT NULL,
  "phone" text NOT NULL,
  "event" text NOT NULL,
  "language" text NOT NULL,
  "params" jsonb NOT NULL,
  "ref" jsonb,
  "dedupe_key" text,
  "body" jsonb,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp with time zone,
  "status" text DEFAULT 'queued' NOT NULL,
  "status_at" timestamp with time zone,
  "wamid" text,
  "error" text,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" ("next_attempt_at") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_key" ON "whatsapp_messages" ("wamid");
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_dedupe_key" ON "whatsapp_messages" ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "whatsapp_messages_party_idx" ON "whatsapp_messages" ("party", "party_id", "created_at");
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
  "wamid" text PRIMARY KEY NOT NULL,
  "phone" text NOT NULL,
  "kind" text NOT NULL,
  "text" text,
  "reply_id" text,
  "context_wamid" text,
  "outcome" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_phone_idx" ON "whatsapp_inbound" ("phone", "created_at");
