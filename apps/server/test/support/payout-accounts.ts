import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { vendorPayoutAccounts } from '../../src/db/schema/index.ts';

/**
 * A vendor's payout account as the linked-account flow leaves it once Route activated it: status `activated` with
 * its `acc_…` id. Tests of transfers use it instead of the account-creation calls.
 */
export async function activatePayoutAccount(db: Db, vendorId: string, routeAccountId = `acc_${randomBytes(7).toString('hex')}`) {
  const values = {
    vendorId, legalName: 'Sri Balaji Traders', businessType: 'proprietorship' as const, pan: 'ABCPE1234F', gstin: null,
    accountNumber: '000123456789', ifsc: 'SBIN0000001', beneficiaryName: 'Sri Balaji Traders', status: 'activated' as const, routeAccountId,
  };
  await db.insert(vendorPayoutAccounts).values(values)
    .onConflictDoUpdate({ target: vendorPayoutAccounts.vendorId, set: { status: 'activated', routeAccountId, updatedAt: sql`now()` } });
  return routeAccountId;
}

/** A payout account saved but not activated yet (`pending`, no linked account). */
export async function pendingPayoutAccount(db: Db, vendorId: string) {
  await db.insert(vendorPayoutAccounts).values({
    vendorId, legalName: 'Sri Balaji Traders', businessType: 'proprietorship', pan: 'ABCPE1234F', gstin: null,
    accountNumber: '000123456789', ifsc: 'SBIN0000001', beneficiaryName: 'Sri Balaji Traders', status: 'pending',
  }).onConflictDoNothing();
}

/** What a vendor types into Payouts: the body of `PUT /api/vendor/payout-account`. */
export const PAYOUT_FORM = {
  legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV',
  accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: 'Balaji Cement Traders',
} as const;

/**
 * Saves the vendor's payout account through the API, as the Payouts page does; the linked-account worker then makes
 * it at the gateway (the development gateway activates it at once, the stand-in when told).
 */
export async function savePayoutAccount(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ method: 'PUT', url: '/api/vendor/payout-account', headers, payload: PAYOUT_FORM });
  expect(res.statusCode, res.body).toBe(200);
}

/** The vendor's payout account status as the Payouts page reads it. */
export async function payoutStatus(app: FastifyInstance, headers: Record<string, string>) {
  return (await app.inject({ method: 'GET', url: '/api/vendor/payout-account', headers })).json().status as string;
}
