-- TRUNCATE skips row triggers, so the append-only rule of 0014 did not cover it: a statement trigger refuses it too.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
