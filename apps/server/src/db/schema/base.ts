import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './auth.ts';
import { id, createdAt } from './columns.ts';

/** Tables of the base layer, owned by no module: the email outbox (email/), idempotency keys and rate-limit events (lib/), seed runs (seed/). */

export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('email_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)]);

export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').notNull(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  route: text('route').notNull(),
  statusCode: integer('status_code').notNull(),
  responseBody: jsonb('response_body').notNull(),
  /** sha256 of the first request's method, route and canonical body (null for keys stored before it was kept). */
  requestHash: text('request_hash'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.customerId, t.route, t.key] })]);

/** Events counted by rate limits (failed logins…); in the database so every server process shares them. */
export const rateLimitEvents = pgTable('rate_limit_events', {
  id: id(),
  bucket: text('bucket').notNull(),
  createdAt: createdAt(),
}, (t) => [index('rate_limit_events_bucket_idx').on(t.bucket, t.createdAt)]);

/** Marks a completed seed; lets start-up skip seeding cheaply. */
export const seedRuns = pgTable('seed_runs', {
  version: text('version').primaryKey(),
  completed: boolean('completed').notNull().default(true),
  createdAt: createdAt(),
});
