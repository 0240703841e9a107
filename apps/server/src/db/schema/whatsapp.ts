import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * The whatsapp module (issue 36, decision record 038): each customer's and vendor's setting (the number and the
 * consent to it), the messages sent through the outbox with the statuses WhatsApp reported, and the messages received.
 * A party is a customer or a vendor; its id is not a foreign key, as it names one of two tables.
 */

export const whatsappSettings = pgTable('whatsapp_settings', {
  party: text('party', { enum: ['customer', 'vendor'] }).notNull(),
  partyId: uuid('party_id').notNull(),
  /** +91 and ten digits. */
  phone: text('phone').notNull(),
  consent: text('consent', { enum: ['given', 'withdrawn'] }).notNull(),
  language: text('language'),
  /** When and where the consent in force was given; kept after it ends, with when it ended and how. */
  consentedAt: timestamp('consented_at', { withTimezone: true }),
  consentSource: text('consent_source'),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  withdrawnBy: text('withdrawn_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.party, t.partyId] }),
  index('whatsapp_settings_phone_idx').on(t.phone),
  check('whatsapp_settings_party_check', sql`${t.party} in ('customer', 'vendor')`),
  check('whatsapp_settings_consent_check', sql`${t.consent} in ('given', 'withdrawn')`),
]);

/** When a number last wrote to us: free-form and interactive messages go to it only within 24 hours of that. */
export const whatsappContacts = pgTable('whatsapp_contacts', {
  phone: text('phone').primaryKey(),
  lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }).notNull(),
});

/**
 * The outbox: a row written in the transaction of the change it tells about, sent by the worker (leased, retried with
 * backoff, its id the idempotency key of the send). `dedupeKey` keeps a message that must go once (a booking's reminder)
 * to one row. `ref` is what a reply button on the message acts on.
 */
export const whatsappMessages = pgTable('whatsapp_messages', {
  id: id(),
  party: text('party', { enum: ['customer', 'vendor'] }).notNull(),
  partyId: uuid('party_id').notNull(),
  phone: text('phone').notNull(),
  event: text('event').notNull(),
  language: text('language').notNull(),
  params: jsonb('params').$type<string[]>().notNull(),
  ref: jsonb('ref').$type<Record<string, string>>(),
  dedupeKey: text('dedupe_key'),
  /** The Cloud API request body as sent (a template, or interactive buttons within the 24-hour window). */
  body: jsonb('body'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** queued → sent → delivered → read, or failed; skipped when consent ended before the send; email when given up. */
  status: text('status').notNull().default('queued'),
  statusAt: timestamp('status_at', { withTimezone: true }),
  wamid: text('wamid'),
  error: text('error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('whatsapp_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  uniqueIndex('whatsapp_messages_wamid_key').on(t.wamid),
  uniqueIndex('whatsapp_messages_dedupe_key').on(t.dedupeKey),
  index('whatsapp_messages_party_idx').on(t.party, t.partyId, t.createdAt),
]);

/** Messages received, once each by WhatsApp's id however often the webhook is redelivered; `outcome` says what it did. */
export const whatsappInbound = pgTable('whatsapp_inbound', {
  wamid: text('wamid').primaryKey(),
  phone: text('phone').notNull(),
  kind: text('kind').notNull(),
  text: text('text'),
  replyId: text('reply_id'),
  contextWamid: text('context_wamid'),
  outcome: text('outcome'),
  receivedAt: createdAt(),
}, (t) => [index('whatsapp_inbound_phone_idx').on(t.phone, t.receivedAt)]);
