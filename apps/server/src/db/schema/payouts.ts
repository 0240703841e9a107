import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RouteAccountRequest } from '../../lib/razorpay/route.ts';
import { vendors } from './vendors.ts';

/** The payouts module: vendors' payout accounts and their Route linked-account intents. */

export const payoutBusinessType = pgEnum('payout_business_type', ['individual', 'proprietorship', 'partnership', 'llp', 'private_limited', 'public_limited']);

export const payoutAccountStatus = pgEnum('payout_account_status', ['not_submitted', 'pending', 'activated', 'needs_clarification', 'under_review', 'suspended']);

/** The vendor's payout account (KYC for money), one per vendor. The account number never leaves unmasked. */
export const vendorPayoutAccounts = pgTable('vendor_payout_accounts', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendors.id),
  legalName: text('legal_name').notNull(),
  businessType: payoutBusinessType('business_type').notNull(),
  pan: text('pan').notNull(),
  gstin: text('gstin'),
  accountNumber: text('account_number').notNull(),
  ifsc: text('ifsc').notNull(),
  beneficiaryName: text('beneficiary_name').notNull(),
  status: payoutAccountStatus('status').notNull().default('pending'),
  /** The gateway's linked account (`acc_...`), once created; unique. */
  routeAccountId: text('route_account_id'),
  /** What the gateway asked for when the linked account needs clarification (decision record 018). */
  statusReason: text('status_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('vendor_payout_accounts_route_account_id_idx').on(t.routeAccountId)]);

/**
 * The intent to bring the vendor's Route linked account in line with the saved payout account (decision record
 * 018): each save bumps `generation` in its transaction; the worker pushes it to the gateway after the commit.
 */
export const routeAccountIntents = pgTable('route_account_intents', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendorPayoutAccounts.vendorId),
  generation: integer('generation').notNull().default(1),
  syncedGeneration: integer('synced_generation').notNull().default(0),
  stakeholderId: text('stakeholder_id'),
  productId: text('product_id'),
  /** The details sent to create the account (and the stakeholder), kept until it is made: each retry sends the same body. */
  accountRequest: jsonb('account_request').$type<RouteAccountRequest>(),
  stakeholderRequest: jsonb('stakeholder_request').$type<RouteAccountRequest>(),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('route_account_intents_due_idx').on(t.nextAttemptAt).where(sql`${t.generation} > ${t.syncedGeneration}`)]);
