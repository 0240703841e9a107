import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@nirmaan/shared/i18n';
import { id, createdAt } from './columns.ts';
import { vendors } from './vendors.ts';

/** The accounts module (modules/auth): customers, their sessions (and vendors'), one-time codes. */

export const otpPurpose = pgEnum('otp_purpose', ['login', 'signup', 'reset', 'ops-login']);

export const customers = pgTable('customers', {
  id: id(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  location: text('location').notNull(),
  /** Null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  googleSubject: text('google_subject'),
  pictureUrl: text('picture_url'),
  /** Set by an operator: the customer cannot log in and has no live session. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  createdAt: createdAt(),
  /** The language of their mails (issue 33, migration 0040): one of LOCALES, or null (English) until they choose. */
  language: text('language').$type<Locale>(),
}, (t) => [
  check('customers_language_check', sql`${t.language} in ('en', 'hi', 'te', 'mr')`),
  uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
  uniqueIndex('customers_google_subject_key').on(t.googleSubject),
]);

export const sessions = pgTable('sessions', {
  id: id(),
  tokenHash: text('token_hash').notNull(),
  customerId: uuid('customer_id').references(() => customers.id),
  vendorId: uuid('vendor_id').references(() => vendors.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
  check('sessions_owner_check', sql`num_nonnulls(${t.customerId}, ${t.vendorId}) = 1`),
]);

export const otpCodes = pgTable('otp_codes', {
  id: id(),
  email: text('email').notNull(),
  purpose: otpPurpose('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  verifiedUntil: timestamp('verified_until', { withTimezone: true }),
  requestIp: text('request_ip'),
  createdAt: createdAt(),
}, (t) => [index('otp_codes_email_idx').on(sql`lower(${t.email})`, t.createdAt)]);
