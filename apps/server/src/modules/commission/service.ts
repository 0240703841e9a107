import { bpsOf } from '@nirmaan/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { appendAudit, type Actor } from '../ops/service.ts';
import { findVendorIdByEmail, vendorNames } from '../vendors/service.ts';
import * as repo from './repository.ts';

/**
 * The platform's commission (decision record 017). A default rate for materials (order lines) and one for
 * services (bookings), overridable per category and per vendor; the most specific applies. Orders and bookings
 * record the rate and the amount at placement, so a later change never rewrites what was sold.
 */

export type CommissionKind = 'materials' | 'services';
export type RateScope = { default: CommissionKind } | { category: string } | { vendorEmail: string };

const defaultKey = (kind: CommissionKind) => `default:${kind}`;
const categoryKey = (category: string) => `category:${category.trim().toLowerCase()}`;
const vendorKey = (vendorId: string) => `vendor:${vendorId}`;

/**
 * The commission in paise on an amount in paise: half up per line (an amount of exactly half a paisa rounds up),
 * in integers so no float error moves a paisa (money.ts).
 */
export const commissionPaise = (amountPaise: number, rateBps: number): number => bpsOf(amountPaise, rateBps);

/** `"7.5"` → 750: a percentage with at most two decimals, 0 to 100; null otherwise. */
export function percentToBps(text: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  const bps = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

export interface Sale { vendorId: string; category: string; amountPaise: number }

/**
 * The rate and commission of each sale, in order, read inside the placing transaction: one query for all of them.
 * A missing default (never, after migration 0015) is a deployment error, not a free sale.
 */
export async function commissionsFor(tx: Tx, kind: CommissionKind, sales: Sale[]): Promise<{ rateBps: number; commissionPaise: number }[]> {
  const keys = new Set([defaultKey(kind)]);
  for (const s of sales) { keys.add(vendorKey(s.vendorId)); keys.add(categoryKey(s.category)); }
  const rates = await repo.ratesOf(tx, [...keys]);
  const fallback = rates.get(defaultKey(kind));
  if (fallback === undefined) throw new Error(`No default commission rate for ${kind}: migration 0015 seeds one.`);
  return sales.map((s) => {
    const rateBps = rates.get(vendorKey(s.vendorId)) ?? rates.get(categoryKey(s.category)) ?? fallback;
    return { rateBps, commissionPaise: commissionPaise(s.amountPaise, rateBps) };
  });
}

/** Sets one rate, audited (before and after, in basis points) in the same transaction; the rate it has already is no change and no audit row. */
export async function setRate(db: Db, actor: Actor, scope: RateScope, rateBps: number, reason: string | null = null) {
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10_000) throw new AppError('BAD_REQUEST', 'A commission rate is between 0% and 100%, with at most two decimals.');
  let key: string;
  if ('default' in scope) key = defaultKey(scope.default);
  else if ('category' in scope) {
    if (!scope.category.trim()) throw new AppError('BAD_REQUEST', 'Please name the category.');
    key = categoryKey(scope.category);
  } else {
    const vendorId = await findVendorIdByEmail(db, scope.vendorEmail);
    if (!vendorId) throw new AppError('NOT_FOUND', `No vendor account has the email ${scope.vendorEmail}.`);
    key = vendorKey(vendorId);
  }
  return db.transaction(async (tx) => {
    const before = await repo.lockRate(tx, key);
    if (!(await repo.upsertRate(tx, key, rateBps))) return { scopeKey: key, before: rateBps, after: rateBps, changed: false };
    await appendAudit(tx, actor, {
      action: 'commission.set', subjectType: 'commission_rate', subjectId: key,
      before: before === null ? null : { rateBps: before }, after: { rateBps }, reason,
    });
    return { scopeKey: key, before, after: rateBps, changed: true };
  });
}

/** Every rate with a readable label (vendors by business name), for the console's Money screen. */
export async function listRates(db: Db) {
  const rows = await repo.allRates(db);
  const vendorIds = rows.flatMap((r) => (r.scopeKey.startsWith('vendor:') ? [r.scopeKey.slice('vendor:'.length)] : []));
  const names = await vendorNames(db, vendorIds);
  const labelOf = (key: string) => {
    const [kind, rest = ''] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    if (kind === 'default') return `Default for ${rest}`;
    if (kind === 'category') return `Category: ${rest}`;
    return `Vendor: ${names.get(rest) ?? rest}`;
  };
  return { rates: rows.map((r) => ({ scopeKey: r.scopeKey, label: labelOf(r.scopeKey), rateBps: r.rateBps, updatedAt: r.updatedAt.toISOString() })) };
}
