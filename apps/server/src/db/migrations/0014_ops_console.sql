-- The operator console (issue: ops console foundation). Operators are not customers or vendors: their own table,
-- roles and sessions (a cookie of their own, idle and absolute timeouts checked against the database clock).
CREATE TYPE "public"."operator_role" AS ENUM('admin', 'support', 'finance');--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" "operator_role" NOT NULL,
	"password_hash" text NOT NULL,
	"login_pending_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_key" ON "operators" USING btree (lower("email"));--> statement-breakpoint
CREATE TABLE "ops_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL REFERENCES "operators"("id"),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ops_sessions_token_hash_key" ON "ops_sessions" USING btree ("token_hash");--> statement-breakpoint
-- Every change an operator (or the CLI) makes: append-only. The trigger refuses UPDATE and DELETE whoever asks.
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" uuid REFERENCES "operators"("id"),
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type", "subject_id", "at" DESC);--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
-- Vendor review by operators: rejected (with a reason the vendor sees, until they resubmit) and suspended
-- (hidden from every public read while set).
ALTER TABLE "vendors" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "vendors_suspended_idx" ON "vendors" USING btree ("id") WHERE "suspended_at" is not null;--> statement-breakpoint
CREATE INDEX "vendors_pending_idx" ON "vendors" USING btree ("created_at") WHERE "approved_at" is null;--> statement-breakpoint
-- A blocked customer cannot log in and has no live session.
ALTER TABLE "customers" ADD COLUMN "blocked_at" timestamp with time zone;
