import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@nirmaan/shared/i18n';
import { id, createdAt } from './columns.ts';

/** The vendors module: vendors and their projects. Other modules' joins read published/vendors.ts (vendor_cards). */

export const vendorKind = pgEnum('vendor_kind', ['seller', 'professional']);

export const chargeType = pgEnum('charge_type', ['Per Hour', 'Per Day', 'Per Visit']);

export const vendors = pgTable('vendors', {
  id: id(),
  kind: vendorKind('kind').notNull(),
  ownerName: text('owner_name').notNull(),
  businessName: text('business_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash'),
  businessAddress: text('business_address').notNull(),
  city: text('city').notNull(),
  description: text('description').notNull(),
  /** Trade for professionals ("Plumber"), main line for sellers ("Cement"). */
  category: text('category').notNull(),
  subCategories: text('sub_categories').array().notNull().default(sql`'{}'::text[]`),
  chargeAmountPaise: bigint('charge_amount_paise', { mode: 'number' }),
  chargeType: chargeType('charge_type'),
  profileImage: text('profile_image'),
  /** Payout details; never leave the server. */
  bankAccount: jsonb('bank_account').$type<{ accountNumber: string; ifsc: string; accountHolder?: string; bank?: string }>(),
  /** Sum and count of vendor_reviews ratings, kept in the review write's transaction (no read aggregates reviews). */
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  /** Null until an admin approves a vendor who signed up (`npm run vendor:approve`); only approved vendors are public. */
  approvedAt: timestamp('approved_at', { withTimezone: true }).defaultNow(),
  /** An operator refused the signup; the vendor sees the reason and may fix the details and resubmit. */
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  rejectionReason: text('rejection_reason'),
  /** Set while an operator has suspended the vendor: gone from every public read. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  createdAt: createdAt(),
  /** When what the public page shows last changed (a trigger, migration 0023); null reads as createdAt. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow(),
  /** The language of their mails (issue 33, migration 0040): one of LOCALES, or null (English) until they choose. */
  language: text('language').$type<Locale>(),
}, (t) => [
  check('vendors_language_check', sql`${t.language} in ('en', 'hi', 'te', 'mr')`),
  uniqueIndex('vendors_email_key').on(sql`lower(${t.email})`),
  index('vendors_kind_category_idx').on(t.kind, sql`lower(${t.category})`),
  index('vendors_suspended_idx').on(t.id).where(sql`${t.suspendedAt} is not null`),
  index('vendors_pending_idx').on(t.createdAt).where(sql`${t.approvedAt} is null`),
  check('vendors_charge_check', sql`${t.kind} = 'seller' or (${t.chargeAmountPaise} is not null and ${t.chargeType} is not null)`),
]);

export const projects = pgTable('projects', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  title: text('title').notNull(),
  image: text('image').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  /** When the work was done, if the vendor gave a date; shown publicly as `createdAt` in its place. */
  projectDate: date('project_date'),
  createdAt: createdAt(),
}, (t) => [index('projects_vendor_idx').on(t.vendorId, t.createdAt)]);
