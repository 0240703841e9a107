import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';

/** The operator console (modules/ops): operators, their sessions and the audit log. */

export const operatorRole = pgEnum('operator_role', ['admin', 'support', 'finance']);

export const operators = pgTable('operators', {
  id: id(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: operatorRole('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Set by a right password: the mailed code may open a session until then (the password alone opens nothing). */
  loginPendingUntil: timestamp('login_pending_until', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('operators_email_key').on(sql`lower(${t.email})`)]);

export const opsSessions = pgTable('ops_sessions', {
  id: id(),
  operatorId: uuid('operator_id').notNull().references(() => operators.id),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  /** Moved on every use; a session idle for 30 minutes, or 8 hours old, is over (database clock). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [uniqueIndex('ops_sessions_token_hash_key').on(t.tokenHash)]);

/** Append-only (a trigger refuses UPDATE and DELETE): who changed what, before and after, and why. */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** Null for the command line. */
  operatorId: uuid('operator_id').references(() => operators.id),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
}, (t) => [
  index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
  index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.at.desc()),
]);
