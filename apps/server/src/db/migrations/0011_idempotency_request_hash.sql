-- The request a key was first used with (sha256 of method, route and canonical body): the same key with another
-- request is refused instead of replaying an answer to a different question. Null for keys stored before.
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;
