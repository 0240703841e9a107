-- Chat (issue 10). Spec clients send every message twice, over the socket and by POST, without an id: a message
-- remembers which channel stored it, and `paired` marks one that has already absorbed its twin from the other
-- channel, so a third identical send is a new message again.
ALTER TABLE "messages" ADD COLUMN "channel" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "paired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('socket', 'post'));--> statement-breakpoint
CREATE INDEX "messages_unread_vendor_idx" ON "messages" USING btree ("vendor_id","customer_id") WHERE "messages"."read_at" is null;
