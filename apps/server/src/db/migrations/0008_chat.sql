-- Chat (issue 10). Spec clients send every message twice, over the socket and by POST, without an id: a message
-- remembers which channel stored it, and `paired` marks one that has already absorbed its twin from the other
-- channel, so a third identical send is a new message again.
ALTER TABLE "messages" ADD COLUMN "channel" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "paired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('socket', 'post'));--> statement-breakpoint
CREATE INDEX "messages_unread_vendor_idx" ON "messages" USING btree ("vendor_id","customer_id") WHERE "messages"."read_at" is null;
--> statement-breakpoint
-- Stores a chat message once, in one round trip (a chat message is the hot path: 1,000 a second on one process).
-- Serialized per (conversation, sender) by a transaction-scoped advisory lock; each statement after it sees what
-- racing calls committed. With a client id: the message already stored under it. Without: the unpaired twin from
-- the other channel within p_dedupe_seconds with the same text, which becomes paired. Else a new row (p_insert).
CREATE FUNCTION "chat_store_message"(p_customer uuid, p_vendor uuid, p_sender participant, p_text text, p_client_id text, p_channel text, p_dedupe_seconds double precision, p_insert boolean)
RETURNS TABLE (id uuid, customer_id uuid, vendor_id uuid, sender participant, text text, client_id text, read_at timestamptz, channel text, paired boolean, created_at timestamptz, created boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  r messages%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('chat:' || p_customer::text || ':' || p_vendor::text || ':' || p_sender::text, 0));
  IF p_client_id IS NOT NULL THEN
    SELECT * INTO r FROM messages m
      WHERE m.customer_id = p_customer AND m.vendor_id = p_vendor AND m.sender = p_sender AND m.client_id = p_client_id;
  ELSE
    UPDATE messages m SET paired = true WHERE m.id = (
      SELECT x.id FROM messages x
        WHERE x.customer_id = p_customer AND x.vendor_id = p_vendor AND x.sender = p_sender AND x.client_id IS NULL
          AND x.channel <> p_channel AND NOT x.paired AND x.text = p_text
          AND x.created_at > clock_timestamp() - make_interval(secs => p_dedupe_seconds)
        ORDER BY x.created_at LIMIT 1)
      RETURNING m.* INTO r;
  END IF;
  IF FOUND THEN
    RETURN QUERY SELECT r.id, r.customer_id, r.vendor_id, r.sender, r.text, r.client_id, r.read_at, r.channel, r.paired, r.created_at, false;
    RETURN;
  END IF;
  IF p_insert THEN
    INSERT INTO messages AS m (customer_id, vendor_id, sender, text, client_id, channel)
      VALUES (p_customer, p_vendor, p_sender, p_text, p_client_id, p_channel)
      RETURNING m.* INTO r;
    RETURN QUERY SELECT r.id, r.customer_id, r.vendor_id, r.sender, r.text, r.client_id, r.read_at, r.channel, r.paired, r.created_at, true;
  END IF;
END
$$;
--> statement-breakpoint
-- The same for a batch of messages (a JSON array of {customerId, vendorId, sender, text, clientId, channel}), in one
-- statement and one commit: under load a process stores what arrived while its previous batch was in flight. The
-- conversations' locks are taken in one order, so batches never deadlock. Returns each input's index.
CREATE FUNCTION "chat_store_messages"(p_messages jsonb, p_dedupe_seconds double precision)
RETURNS TABLE (ord integer, id uuid, customer_id uuid, vendor_id uuid, sender participant, text text, client_id text, read_at timestamptz, channel text, paired boolean, created_at timestamptz, created boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k bigint;
  i integer;
BEGIN
  FOR k IN SELECT DISTINCT hashtextextended('chat:' || (x->>'customerId') || ':' || (x->>'vendorId') || ':' || (x->>'sender'), 0) AS h
    FROM jsonb_array_elements(p_messages) x ORDER BY h LOOP
    PERFORM pg_advisory_xact_lock(k);
  END LOOP;
  FOR i IN 0 .. jsonb_array_length(p_messages) - 1 LOOP
    RETURN QUERY SELECT i, s.id, s.customer_id, s.vendor_id, s.sender, s.text, s.client_id, s.read_at, s.channel, s.paired, s.created_at, s.created
      FROM chat_store_message(
        (p_messages->i->>'customerId')::uuid, (p_messages->i->>'vendorId')::uuid, (p_messages->i->>'sender')::participant,
        p_messages->i->>'text', p_messages->i->>'clientId', p_messages->i->>'channel', p_dedupe_seconds, true) s;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A limit's slot in one round trip (DbRateLimiter.take, used without REDIS_URL): the same lock, count and insert as
-- before, in one statement instead of a five-statement transaction, so a chat message at 1,000 a second on one
-- process does not queue behind the connection pool. Returns the new event's id, or when the oldest counted
-- event happened if the limit is reached.
CREATE FUNCTION "rate_limit_take"(p_bucket text, p_limit integer, p_window_seconds double precision)
RETURNS TABLE (id uuid, oldest timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  n integer;
  first_at timestamptz;
  new_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_bucket, 0));
  SELECT count(*)::integer, min(e.created_at) INTO n, first_at FROM rate_limit_events e
    WHERE e.bucket = p_bucket AND e.created_at > now() - make_interval(secs => p_window_seconds);
  IF n >= p_limit THEN
    RETURN QUERY SELECT NULL::uuid, coalesce(first_at, now());
    RETURN;
  END IF;
  INSERT INTO rate_limit_events AS e (bucket) VALUES (p_bucket) RETURNING e.id INTO new_id;
  RETURN QUERY SELECT new_id, NULL::timestamptz;
END
$$;
