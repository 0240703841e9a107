import { maskAccountNumber, type PayoutAccount, type PayoutAccountBody } from '@nirmaan/shared';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

/**
 * The vendor's payout account: where their money goes, and the KYC the gateway's linked account (Razorpay Route)
 * needs. This session stores and checks it; the linked-account calls come with transfers (decision record 017).
 * The account number is stored whole (the gateway needs it) and leaves the server only masked.
 */

const NOT_SUBMITTED: PayoutAccount = {
  status: 'not_submitted', legalName: null, businessType: null, pan: null, gstin: null, accountNumberMasked: null, ifsc: null, beneficiaryName: null, updatedAt: null,
};

function toWire(row: repo.PayoutAccountRow): PayoutAccount {
  return {
    status: row.status, legalName: row.legalName, businessType: row.businessType, pan: row.pan, gstin: row.gstin,
    accountNumberMasked: maskAccountNumber(row.accountNumber), ifsc: row.ifsc, beneficiaryName: row.beneficiaryName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getOwnAccount(db: Db, vendorId: string): Promise<PayoutAccount> {
  const row = await repo.findAccount(db, vendorId);
  return row ? toWire(row) : NOT_SUBMITTED;
}

/** Replaces the account (the body is checked field by field by its shared schema) and sends it for review. */
export async function saveOwnAccount(db: Db, vendorId: string, body: PayoutAccountBody): Promise<PayoutAccount> {
  return toWire(await repo.saveAccount(db, { vendorId, ...body, gstin: body.gstin ?? null }));
}
