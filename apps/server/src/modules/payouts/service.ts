import { maskAccountNumber, maskPan, type PayoutAccount, type PayoutAccountBody, type PayoutKycMasked } from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { RouteProductEvent } from '../../lib/razorpay/route.ts';
import * as repo from './repository.ts';
import { applyProductStatus, type StatusHooks } from './route-worker.ts';

/**
 * The vendor's payout account: where their money goes, and the KYC the gateway's linked account (Razorpay Route)
 * needs (decision records 017, 018). Each save commits an intent row; `RouteAccountWorker` makes the linked
 * account, its stakeholder, the Route product and its settlement bank account after the commit, and the product's
 * activation status (its answer, then `product.route.*` webhooks) becomes the account's status.
 * The account number is stored whole (the gateway needs it) and leaves the server only masked.
 */
export { RouteAccountWorker, type StatusChange, type StatusHooks } from './route-worker.ts';

const NOT_SUBMITTED: PayoutAccount = {
  status: 'not_submitted', legalName: null, businessType: null, pan: null, gstin: null, accountNumberMasked: null, ifsc: null, beneficiaryName: null, updatedAt: null,
};

function toWire(row: repo.PayoutAccountRow): PayoutAccount {
  return {
    status: row.status, legalName: row.legalName, businessType: row.businessType, pan: row.pan, gstin: row.gstin,
    accountNumberMasked: maskAccountNumber(row.accountNumber), ifsc: row.ifsc, beneficiaryName: row.beneficiaryName,
    updatedAt: row.updatedAt.toISOString(),
    ...(row.statusReason ? { statusReason: row.statusReason } : {}),
  };
}

export async function getOwnAccount(db: Db, vendorId: string): Promise<PayoutAccount> {
  const row = await repo.findAccount(db, vendorId);
  return row ? toWire(row) : NOT_SUBMITTED;
}

/**
 * Replaces the account (the body is checked field by field by its shared schema), sends it for review and, in
 * the same transaction, asks for the linked account to follow; the caller pushes it after the commit.
 */
export async function saveOwnAccount(db: Db, vendorId: string, body: PayoutAccountBody): Promise<PayoutAccount> {
  return toWire(await repo.saveAccount(db, { vendorId, ...body, gstin: body.gstin ?? null }));
}

/**
 * The vendor's Route linked account id when it may receive transfers (status activated), else null: money for a
 * vendor without one stays payable on the platform's ledger until the account activates.
 */
export function activatedRouteAccount(db: Db | Tx, vendorId: string): Promise<string | null> {
  return repo.findActivatedRouteAccount(db, vendorId);
}

export interface AccountForOperators {
  status: { status: repo.PayoutStatus; routeAccountId: string | null; statusReason: string | null };
  kyc: PayoutKycMasked;
}

/**
 * Payout accounts by vendor as operators see them (decision records 015, 018): the gateway's status, and the KYC
 * with the PAN and the account number masked here, so neither leaves this module whole.
 */
export async function accountsForOperators(db: Db | Tx, vendorIds: string[]): Promise<Map<string, AccountForOperators>> {
  return new Map((await repo.findAccounts(db, vendorIds)).map((row) => [row.vendorId, {
    status: { status: row.status, routeAccountId: row.routeAccountId, statusReason: row.statusReason },
    kyc: toMaskedKyc(row),
  }]));
}

const toMaskedKyc = (row: repo.PayoutAccountRow): PayoutKycMasked => ({
  legalName: row.legalName, businessType: row.businessType, panMasked: maskPan(row.pan), gstin: row.gstin,
  accountNumberMasked: maskAccountNumber(row.accountNumber), ifsc: row.ifsc, beneficiaryName: row.beneficiaryName,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A `product.route.*` webhook, inside the caller's transaction (which claimed its event id): the account's status
 * follows the product's activation status; the same status again changes nothing. An event for an account whose
 * latest save is still on its way to the gateway is refused (503), so the gateway delivers it again after.
 */
export async function applyRouteProductEvent(tx: Tx, e: RouteProductEvent, hooks: StatusHooks) {
  const account = await repo.lockAccount(tx, { routeAccountId: e.routeAccountId });
  if (!account) return null;
  const intent = await repo.findIntent(tx, account.vendorId);
  if (intent && intent.generation > intent.syncedGeneration) {
    throw new AppError('UNAVAILABLE', 'This linked account is being updated; please deliver the event again later.');
  }
  return applyProductStatus(tx, account, { activation_status: e.activationStatus, requirements: e.requirements }, 'webhook', hooks);
}

/** The legal name and GSTIN a vendor's tax invoices carry (decision record 022), or null before the account is saved. */
export async function taxIdentity(db: Db | Tx, vendorId: string): Promise<{ legalName: string; gstin: string | null } | null> {
  const row = await repo.findAccount(db, vendorId);
  return row ? { legalName: row.legalName, gstin: row.gstin } : null;
}
