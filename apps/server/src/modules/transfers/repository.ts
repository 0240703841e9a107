import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerEntries, transferReversals, vendorCashDebts, vendorTransfers } from '../../db/schema/transfers.ts';

/** All SQL of vendor transfers, reversals, cash-commission debts and the ledger (decision record 019). */

export type TransferRow = typeof vendorTransfers.$inferSelect;
export type ReversalRow = typeof transferReversals.$inferSelect;
export type LedgerKind = typeof ledgerEntries.$inferInsert['kind'];
export type Source = { orderId: string } | { bookingId: string };

/** Above the gateway call's 10 s timeout: one process calls for a row at a time. */
const LEASE = sql`now() + interval '30 seconds'`;
const backOff = (attempts: number) => sql`now() + make_interval(secs => ${Math.min(2 ** Math.max(attempts, 1), 300)})`;
const leaseFree = (c: typeof vendorTransfers.leaseUntil | typeof transferReversals.leaseUntil) => or(isNull(c), lte(c, sql`now()`));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---- transfers --------------------------------------------------------------------------------------------------

export async function insertTransfer(tx: Tx, values: typeof vendorTransfers.$inferInsert) {
  const [row] = await tx.insert(vendorTransfers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lockTransfer(tx: Tx, vendorId: string, source: Source) {
  const where = 'orderId' in source ? eq(vendorTransfers.orderId, source.orderId) : eq(vendorTransfers.bookingId, source.bookingId);
  const [row] = await tx.select().from(vendorTransfers).where(and(eq(vendorTransfers.vendorId, vendorId), where)).for('update');
  return row;
}

export async function lockTransferById(tx: Tx, id: string) {
  const [row] = await tx.select().from(vendorTransfers).where(eq(vendorTransfers.id, id)).for('update');
  return row;
}

export async function reduceTransfer(tx: Tx, id: string, byPaise: number) {
  await tx.update(vendorTransfers).set({ amountPaise: sql`${vendorTransfers.amountPaise} - ${byPaise}` }).where(eq(vendorTransfers.id, id));
}

/** Asks for the hold's release at `dueAt`, or earlier if asked before. */
export async function requestRelease(tx: Tx, id: string, dueAt: Date) {
  await tx.update(vendorTransfers)
    .set({ releaseDueAt: sql`least(coalesce(${vendorTransfers.releaseDueAt}, ${dueAt}), ${dueAt})` })
    .where(and(eq(vendorTransfers.id, id), isNull(vendorTransfers.releasedAt)));
}

/** Vendors with money waiting for an activated account. */
export async function vendorsAwaitingAccount(db: Db, limit: number) {
  const rows = await db.selectDistinct({ vendorId: vendorTransfers.vendorId }).from(vendorTransfers)
    .where(and(isNull(vendorTransfers.routeAccountId), isNull(vendorTransfers.razorpayTransferId), gt(vendorTransfers.amountPaise, 0))).limit(limit);
  return rows.map((r) => r.vendorId);
}

/** The account activated: its waiting transfers may now be made (one statement; a replay finds nothing to set). */
export async function attachAccount(db: Db, vendorId: string, routeAccountId: string) {
  return db.update(vendorTransfers).set({ routeAccountId, nextAttemptAt: sql`now()` })
    .where(and(eq(vendorTransfers.vendorId, vendorId), isNull(vendorTransfers.routeAccountId), isNull(vendorTransfers.razorpayTransferId)))
    .returning({ id: vendorTransfers.id });
}

/**
 * Not made, with an account, and either money to transfer or an earlier call whose answer we never recorded: a
 * refund may have cut that row to nothing meanwhile, yet the gateway may have made the transfer, so the worker looks
 * it up by our row id and adopts it (its reversal follows) before the row is done (issue 30).
 */
const makeable = and(isNull(vendorTransfers.razorpayTransferId), isNotNull(vendorTransfers.routeAccountId),
  or(gt(vendorTransfers.amountPaise, 0), gt(vendorTransfers.attempts, 0)));

export async function dueTransfers(db: Db, limit: number) {
  return db.select({ id: vendorTransfers.id }).from(vendorTransfers)
    .where(and(makeable, lte(vendorTransfers.nextAttemptAt, sql`now()`), leaseFree(vendorTransfers.leaseUntil)))
    .orderBy(asc(vendorTransfers.nextAttemptAt)).limit(limit);
}

export async function leaseTransfer(db: Db, id: string, due: boolean) {
  const [row] = await db.update(vendorTransfers).set({ leaseUntil: LEASE, attempts: sql`${vendorTransfers.attempts} + 1` })
    .where(and(eq(vendorTransfers.id, id), makeable, leaseFree(vendorTransfers.leaseUntil), due ? lte(vendorTransfers.nextAttemptAt, sql`now()`) : undefined))
    .returning();
  return row;
}

export async function setMade(tx: Tx, id: string, razorpayTransferId: string, sentPaise: number, status: string) {
  await tx.update(vendorTransfers).set({ razorpayTransferId, sentPaise, gatewayStatus: status, leaseUntil: null, attempts: 0 }).where(eq(vendorTransfers.id, id));
}

/** The lookup found no transfer an earlier call made, and nothing is owed now: the row is done (cancelled). */
export async function settleNothingMade(db: Db, id: string) {
  await db.update(vendorTransfers).set({ attempts: 0, leaseUntil: null })
    .where(and(eq(vendorTransfers.id, id), isNull(vendorTransfers.razorpayTransferId), lte(vendorTransfers.amountPaise, 0)));
}

export async function backOffTransfer(db: Db, id: string, attempts: number) {
  await db.update(vendorTransfers).set({ leaseUntil: null, nextAttemptAt: backOff(attempts) }).where(eq(vendorTransfers.id, id));
}

/**
 * Made, not released, its release due, no operator's extension still running, and no reversal of it still to make:
 * money to be taken back stays on hold until it is (so a refund of a held share never waits for its reversal).
 */
const releasable = and(isNotNull(vendorTransfers.razorpayTransferId), isNull(vendorTransfers.releasedAt), lte(vendorTransfers.releaseDueAt, sql`now()`),
  or(isNull(vendorTransfers.heldUntil), lte(vendorTransfers.heldUntil, sql`now()`)),
  sql`not exists (select 1 from transfer_reversals p where p.transfer_id = vendor_transfers.id and p.razorpay_reversal_id is null)`);

export async function dueReleases(db: Db, limit: number) {
  return db.select({ id: vendorTransfers.id }).from(vendorTransfers)
    .where(and(releasable, lte(vendorTransfers.nextAttemptAt, sql`now()`), leaseFree(vendorTransfers.leaseUntil)))
    .orderBy(asc(vendorTransfers.releaseDueAt)).limit(limit);
}

/**
 * Takes the right to release a hold. The row is locked first, in a statement of its own: a refund's transaction that
 * stores a reversal of this transfer holds that lock, and the update after it then sees the reversal (within one
 * UPDATE, PostgreSQL would recheck the row once the lock is free, but not the subquery on the reversals).
 */
export async function leaseRelease(db: Db, id: string, due: boolean) {
  return db.transaction(async (tx) => {
    await lockTransferById(tx, id);
    const [row] = await tx.update(vendorTransfers).set({ leaseUntil: LEASE, attempts: sql`${vendorTransfers.attempts} + 1` })
      .where(and(eq(vendorTransfers.id, id), releasable, leaseFree(vendorTransfers.leaseUntil), due ? lte(vendorTransfers.nextAttemptAt, sql`now()`) : undefined))
      .returning();
    return row;
  });
}

export async function setReleased(tx: Tx, id: string) {
  await tx.update(vendorTransfers).set({ releasedAt: sql`now()`, leaseUntil: null, attempts: 0 }).where(eq(vendorTransfers.id, id));
}

export async function setGatewayStatus(tx: Tx, razorpayTransferId: string, status: string) {
  const [row] = await tx.update(vendorTransfers).set({ gatewayStatus: status }).where(eq(vendorTransfers.razorpayTransferId, razorpayTransferId)).returning();
  return row;
}

export async function lockTransferByGatewayId(tx: Tx, razorpayTransferId: string) {
  const [row] = await tx.select().from(vendorTransfers).where(eq(vendorTransfers.razorpayTransferId, razorpayTransferId)).for('update');
  return row;
}

export async function setSettled(tx: Tx, razorpayTransferId: string, settlementId: string) {
  await tx.update(vendorTransfers).set({ settlementId, gatewayStatus: 'settled' }).where(eq(vendorTransfers.razorpayTransferId, razorpayTransferId));
}

// ---- reversals --------------------------------------------------------------------------------------------------

export async function insertReversal(tx: Tx, values: { transferId: string; refundId: string | null; amountPaise: number }) {
  const [row] = await tx.insert(transferReversals).values(values).onConflictDoNothing().returning();
  return row;
}

export async function dueReversals(db: Db, limit: number) {
  return db.select({ id: transferReversals.id }).from(transferReversals)
    .where(and(isNull(transferReversals.razorpayReversalId), lte(transferReversals.nextAttemptAt, sql`now()`), leaseFree(transferReversals.leaseUntil)))
    .orderBy(asc(transferReversals.nextAttemptAt)).limit(limit);
}

export async function leaseReversal(db: Db, id: string, due: boolean) {
  const [row] = await db.update(transferReversals).set({ leaseUntil: LEASE, attempts: sql`${transferReversals.attempts} + 1` })
    .where(and(eq(transferReversals.id, id), isNull(transferReversals.razorpayReversalId), leaseFree(transferReversals.leaseUntil),
      due ? lte(transferReversals.nextAttemptAt, sql`now()`) : undefined))
    .returning();
  return row;
}

export async function findTransfer(db: Db | Tx, id: string) {
  const [row] = await db.select().from(vendorTransfers).where(eq(vendorTransfers.id, id));
  return row;
}

export async function setReversed(tx: Tx, id: string, razorpayReversalId: string) {
  const [row] = await tx.update(transferReversals).set({ razorpayReversalId, leaseUntil: null })
    .where(and(eq(transferReversals.id, id), isNull(transferReversals.razorpayReversalId))).returning();
  return row;
}

export async function backOffReversal(db: Db, id: string, attempts: number) {
  await db.update(transferReversals).set({ leaseUntil: null, nextAttemptAt: backOff(attempts) }).where(eq(transferReversals.id, id));
}

// ---- cash-commission debt ---------------------------------------------------------------------------------------

export async function addDebt(tx: Tx, vendorId: string, paise: number) {
  await tx.insert(vendorCashDebts).values({ vendorId, debtPaise: paise })
    .onConflictDoUpdate({ target: vendorCashDebts.vendorId, set: { debtPaise: sql`${vendorCashDebts.debtPaise} + ${paise}` } });
}

/** Takes up to `upTo` of the vendor's debt, under the row's lock: what was taken (0 when none is owed). */
export async function takeDebt(tx: Tx, vendorId: string, upTo: number): Promise<number> {
  const [row] = await tx.select({ debt: vendorCashDebts.debtPaise }).from(vendorCashDebts).where(eq(vendorCashDebts.vendorId, vendorId)).for('update');
  const taken = Math.min(row?.debt ?? 0, upTo);
  if (taken > 0) await tx.update(vendorCashDebts).set({ debtPaise: sql`${vendorCashDebts.debtPaise} - ${taken}` }).where(eq(vendorCashDebts.vendorId, vendorId));
  return taken;
}

export async function debtOf(db: Db | Tx, vendorId: string): Promise<number> {
  const [row] = await db.select({ debt: vendorCashDebts.debtPaise }).from(vendorCashDebts).where(eq(vendorCashDebts.vendorId, vendorId));
  return row?.debt ?? 0;
}

// ---- ledger -----------------------------------------------------------------------------------------------------

export interface Leg { account: string; amountPaise: number; vendorId?: string | null }
export interface Refs { orderId?: string | null; lineId?: string | null; bookingId?: string | null; transferId?: string | null }

/** One movement: its legs sum to zero (refused otherwise), stored in one statement. Zero legs are left out. */
export async function appendMovement(tx: Tx, kind: LedgerKind, legs: Leg[], refs: Refs = {}) {
  const kept = legs.filter((l) => l.amountPaise !== 0);
  if (kept.length === 0) return;
  if (kept.reduce((s, l) => s + l.amountPaise, 0) !== 0) throw new Error(`unbalanced ledger movement: ${kind}`);
  const movementId = randomUUID();
  await tx.insert(ledgerEntries).values(kept.map((l) => ({
    movementId, kind, account: l.account, vendorId: l.vendorId ?? null, amountPaise: l.amountPaise,
    orderId: refs.orderId ?? null, lineId: refs.lineId ?? null, bookingId: refs.bookingId ?? null, transferId: refs.transferId ?? null,
  })));
}

/** The vendor's account balances (debit positive), by account name. */
export async function balancesOf(db: Db | Tx, vendorId: string): Promise<Map<string, number>> {
  const rows = await db.select({ account: ledgerEntries.account, sum: sql<string>`sum(${ledgerEntries.amountPaise})` }).from(ledgerEntries)
    .where(eq(ledgerEntries.vendorId, vendorId)).groupBy(ledgerEntries.account);
  return new Map(rows.map((r) => [r.account, Number(r.sum)]));
}

/** Movements touching the vendor whose legs do not sum to zero (none, when the ledger is sound). */
export async function unbalancedMovements(db: Db | Tx, vendorId: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (select movement_id from ledger_entries where movement_id in
    (select movement_id from ledger_entries where vendor_id = ${vendorId}) group by movement_id having sum(amount_paise) <> 0) x`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** What the gateway was asked to do for the vendor, from the intent rows. */
export async function gatewayAsked(db: Db | Tx, vendorId: string) {
  const result = await db.execute(sql`select
      coalesce(sum(case when t.razorpay_transfer_id is null then t.amount_paise else 0 end), 0)::bigint as "unmade",
      coalesce(sum(t.sent_paise), 0)::bigint as "sent",
      coalesce(sum(case when t.razorpay_transfer_id is not null and t.released_at is null then t.sent_paise else 0 end), 0)::bigint as "sentHeld",
      coalesce((select sum(r.amount_paise) from transfer_reversals r join vendor_transfers t2 on t2.id = r.transfer_id
        where t2.vendor_id = ${vendorId} and r.razorpay_reversal_id is not null), 0)::bigint as "reversed",
      coalesce((select sum(r.amount_paise) from transfer_reversals r join vendor_transfers t2 on t2.id = r.transfer_id
        where t2.vendor_id = ${vendorId} and r.razorpay_reversal_id is not null and t2.released_at is null), 0)::bigint as "reversedHeld",
      coalesce((select sum(r.amount_paise) from transfer_reversals r join vendor_transfers t2 on t2.id = r.transfer_id
        where t2.vendor_id = ${vendorId} and r.razorpay_reversal_id is null), 0)::bigint as "pendingReversals"
    from vendor_transfers t where t.vendor_id = ${vendorId}`);
  const r = rowsOf<Record<string, string | number>>(result)[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return { unmade: n('unmade'), sent: n('sent'), sentHeld: n('sentHeld'), reversed: n('reversed'), reversedHeld: n('reversedHeld'), pendingReversals: n('pendingReversals') };
}

/**
 * The vendor's transfer rows that have (or had) an account, newest first, with what our rows say reached the gateway
 * on each: for comparing with the gateway's own transfers of those payments. `total` counts them all.
 */
export async function gatewaySideOf(db: Db | Tx, vendorId: string, limit: number) {
  const rows = rowsOf<{ paymentId: string; account: string; sent: string | number; reversed: string | number }>(await db.execute(sql`select
      t.razorpay_payment_id as "paymentId", t.route_account_id as account, coalesce(t.sent_paise, 0)::bigint as sent,
      coalesce((select sum(r.amount_paise) from transfer_reversals r where r.transfer_id = t.id and r.razorpay_reversal_id is not null), 0)::bigint as reversed
    from vendor_transfers t where t.vendor_id = ${vendorId} and t.route_account_id is not null
    order by t.created_at desc, t.id limit ${limit}`));
  const total = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from vendor_transfers t where t.vendor_id = ${vendorId} and t.route_account_id is not null`))[0]?.n ?? 0;
  return { rows: rows.map((r) => ({ paymentId: r.paymentId, account: r.account, sent: Number(r.sent), reversed: Number(r.reversed) })), total };
}

// ---- earnings ---------------------------------------------------------------------------------------------------

/** The state of the transfer behind one entry of the vendor's earnings report. */
export interface EarningTransferRow {
  orderId: string | null; bookingId: string | null; routeAccountId: string | null; razorpayTransferId: string | null;
  releaseDueAt: Date | string | null; releasedAt: Date | string | null; settlementId: string | null;
}

/**
 * The vendor's transfer rows of these orders and of these bookings, for their earnings report. An operator's
 * extension of the hold (held_until) shows as the later release date.
 */
export async function earningTransfers(db: Db | Tx, vendorId: string, orderIds: readonly string[], bookingIds: readonly string[]): Promise<EarningTransferRow[]> {
  if (orderIds.length === 0 && bookingIds.length === 0) return [];
  const result = await db.execute(sql`select t.order_id as "orderId", t.booking_id as "bookingId", t.route_account_id as "routeAccountId",
      t.razorpay_transfer_id as "razorpayTransferId", greatest(t.release_due_at, t.held_until) as "releaseDueAt",
      t.released_at as "releasedAt", t.settlement_id as "settlementId"
    from vendor_transfers t
    where (t.vendor_id = ${vendorId} and t.order_id = any(${sql.param([...orderIds])}::uuid[]))
      or t.booking_id = any(${sql.param([...bookingIds])}::uuid[])`);
  return rowsOf<EarningTransferRow>(result);
}

/** A failed transfer is made again from its row (a new transfer); `plusPaise` the reversals still to apply to it. */
export async function resetFailed(tx: Tx, id: string, plusPaise: number) {
  await tx.update(vendorTransfers).set({
    amountPaise: sql`${vendorTransfers.amountPaise} + ${plusPaise}`, razorpayTransferId: null, sentPaise: null, gatewayStatus: 'failed', releasedAt: null, attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null,
  }).where(eq(vendorTransfers.id, id));
}

/** What was reversed of a transfer at the gateway so far. */
export async function reversedOf(tx: Tx, transferId: string): Promise<number> {
  const [row] = await tx.select({ sum: sql<string | null>`sum(${transferReversals.amountPaise})` }).from(transferReversals)
    .where(and(eq(transferReversals.transferId, transferId), isNotNull(transferReversals.razorpayReversalId)));
  return Number(row?.sum ?? 0);
}

/** The refunds whose reversals of this transfer the gateway has not made yet. */
export async function refundsOfPendingReversals(tx: Tx, transferId: string): Promise<string[]> {
  const rows = await tx.select({ refundId: transferReversals.refundId }).from(transferReversals)
    .where(and(eq(transferReversals.transferId, transferId), isNull(transferReversals.razorpayReversalId), isNotNull(transferReversals.refundId)));
  return rows.flatMap((r) => (r.refundId ? [r.refundId] : []));
}

/** What is still to be reversed of a transfer (intents the gateway has not answered yet). */
export async function pendingReversalsOf(tx: Tx, transferId: string): Promise<number> {
  const [row] = await tx.select({ sum: sql<string | null>`sum(${transferReversals.amountPaise})` }).from(transferReversals)
    .where(and(eq(transferReversals.transferId, transferId), isNull(transferReversals.razorpayReversalId)));
  return Number(row?.sum ?? 0);
}

// ---- the operator console (docs/decisions/025) --------------------------------------------------------------------

/** What the gateway reversed of transfer `t` so far. */
const reversedSql = sql`coalesce((select sum(r.amount_paise) from transfer_reversals r where r.transfer_id = t.id and r.razorpay_reversal_id is not null), 0)`;

/**
 * The console's status of a transfer row `t`, first match wins: nothing left and no earlier call to look up →
 * cancelled; not made: no account → awaiting_account, a failed attempt (or the gateway's failure) with no call under
 * way → failed, else due; made: the gateway's failure → failed, all reversed → reversed, released, else held.
 */
const statusSql = sql`case
  when t.razorpay_transfer_id is null and t.amount_paise = 0 and t.attempts = 0 then 'cancelled'
  when t.razorpay_transfer_id is null and t.route_account_id is null then 'awaiting_account'
  when t.razorpay_transfer_id is null and (t.attempts > 0 or t.gateway_status = 'failed') and (t.lease_until is null or t.lease_until <= now()) then 'failed'
  when t.razorpay_transfer_id is null then 'due'
  when t.gateway_status = 'failed' then 'failed'
  when ${reversedSql} >= t.sent_paise then 'reversed'
  when t.released_at is not null then 'released'
  else 'held' end`;

export interface OpsTransferRow {
  id: string; vendorId: string; orderId: string | null; bookingId: string | null; status: string;
  amountPaise: number | string; sentPaise: number | string | null; reversedPaise: number | string;
  razorpayTransferId: string | null; gatewayStatus: string | null; releaseDueAt: Date | string | null; heldUntil: Date | string | null;
  releasedAt: Date | string | null; attempts: number; nextAttemptAt: Date | string; createdAt: Date | string;
}
export interface OpsTransferFilter { status?: string | undefined; vendorId?: string | undefined; id?: string | undefined; orderId?: string | undefined; bookingId?: string | undefined }

const opsRowsSql = (f: OpsTransferFilter) => sql`select * from (select t.id, t.vendor_id as "vendorId", t.order_id as "orderId", t.booking_id as "bookingId",
    ${statusSql} as status, t.amount_paise as "amountPaise", t.sent_paise as "sentPaise", ${reversedSql} as "reversedPaise",
    t.razorpay_transfer_id as "razorpayTransferId", t.gateway_status as "gatewayStatus", t.release_due_at as "releaseDueAt", t.held_until as "heldUntil",
    t.released_at as "releasedAt", t.attempts, t.next_attempt_at as "nextAttemptAt", t.created_at as "createdAt"
  from vendor_transfers t
  where true ${f.vendorId ? sql`and t.vendor_id = ${f.vendorId}` : sql``} ${f.id ? sql`and t.id = ${f.id}` : sql``}
    ${f.orderId ? sql`and t.order_id = ${f.orderId}` : sql``} ${f.bookingId ? sql`and t.booking_id = ${f.bookingId}` : sql``}) x
  where true ${f.status ? sql`and x.status = ${f.status}` : sql``}`;

/** Transfers for the console, newest first, with their status; filtered by status, vendor, row, order or booking. */
export async function opsTransfers(db: Db | Tx, f: OpsTransferFilter, page: { limit: number; offset: number }): Promise<OpsTransferRow[]> {
  return rowsOf<OpsTransferRow>(await db.execute(sql`${opsRowsSql(f)} order by x."createdAt" desc, x.id limit ${page.limit} offset ${page.offset}`));
}

export async function countOpsTransfers(db: Db | Tx, f: OpsTransferFilter): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${opsRowsSql(f)}) y`))[0]?.n ?? 0;
}

/** The dashboard's figures: transfers made and held at the gateway (count, sum less reversals), and failed ones. */
export async function transferFigures(db: Db) {
  const r = rowsOf<{ held: number; heldSum: string | number; failed: number }>(await db.execute(sql`select
      count(*) filter (where x.status = 'held')::int as held,
      coalesce(sum(x.sent - x.reversed) filter (where x.status = 'held'), 0)::bigint as "heldSum",
      count(*) filter (where x.status = 'failed')::int as failed
    from (select ${statusSql} as status, t.sent_paise as sent, ${reversedSql} as reversed from vendor_transfers t
      where t.released_at is null or t.gateway_status = 'failed') x`))[0];
  return { held: r?.held ?? 0, heldSumPaise: Number(r?.heldSum ?? 0), failed: r?.failed ?? 0 };
}

/** An operator's release: due now, the extension lifted, and the worker's back-off skipped. */
export async function releaseNow(tx: Tx, id: string) {
  const [row] = await tx.update(vendorTransfers).set({ releaseDueAt: sql`now()`, heldUntil: null, nextAttemptAt: sql`now()` })
    .where(and(eq(vendorTransfers.id, id), isNull(vendorTransfers.releasedAt))).returning();
  return row;
}

/** An operator's extension: no release before `days` from the later of now and the current extension, capped. */
export async function extendHold(tx: Tx, id: string, days: number, maxDays: number) {
  const [row] = await tx.update(vendorTransfers)
    .set({ heldUntil: sql`greatest(coalesce(${vendorTransfers.heldUntil}, now()), now()) + make_interval(days => ${days})` })
    .where(and(eq(vendorTransfers.id, id), isNull(vendorTransfers.releasedAt),
      sql`greatest(coalesce(${vendorTransfers.heldUntil}, now()), now()) + make_interval(days => ${days}) <= now() + make_interval(days => ${maxDays})`))
    .returning();
  return row;
}

/**
 * Puts a failed, unmade transfer back in the worker's queue now; nothing when it is queued already (racing retries
 * give one). "Queued" is judged by the clock, not `now()`: `now()` is when a transaction began, and a racing retry
 * that began before the winner but waited for its row lock would otherwise find the winner's time still ahead.
 */
export async function queueRetry(tx: Tx, id: string) {
  const [row] = await tx.update(vendorTransfers).set({ nextAttemptAt: sql`clock_timestamp()` })
    .where(and(eq(vendorTransfers.id, id), isNull(vendorTransfers.razorpayTransferId), gt(vendorTransfers.nextAttemptAt, sql`clock_timestamp()`))).returning();
  return row;
}

/** The reversals of some transfers, for the timeline. */
export async function reversalsOfTransfers(db: Db | Tx, transferIds: string[]) {
  if (transferIds.length === 0) return [];
  return db.select().from(transferReversals).where(inArray(transferReversals.transferId, transferIds)).orderBy(asc(transferReversals.createdAt));
}
