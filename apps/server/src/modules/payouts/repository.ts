import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { routeAccountIntents, vendorPayoutAccounts } from '../../db/schema/payouts.ts';
import type { RouteAccountRequest } from '../../lib/razorpay/route.ts';

/** All SQL of the vendors' payout accounts and their Route linked-account intents (decision records 017, 018). */

export type PayoutAccountRow = typeof vendorPayoutAccounts.$inferSelect;
export type RouteIntentRow = typeof routeAccountIntents.$inferSelect;
export type PayoutStatus = PayoutAccountRow['status'];
type Values = Omit<typeof vendorPayoutAccounts.$inferInsert, 'status' | 'updatedAt' | 'routeAccountId' | 'statusReason'>;

/** How long one process may call the gateway for a vendor before another may try: above the call's 10 s timeout. */
const LEASE = sql`now() + interval '30 seconds'`;
const leaseFree = or(isNull(routeAccountIntents.leaseUntil), lte(routeAccountIntents.leaseUntil, sql`now()`));
const unsynced = gt(routeAccountIntents.generation, routeAccountIntents.syncedGeneration);

export async function findAccount(db: Db | Tx, vendorId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.vendorId, vendorId));
  return row;
}

/**
 * One transaction: the account is replaced in one upsert (racing saves of one vendor take the row's lock in turn,
 * so the row always holds one save's fields, never a mix) and goes back to `pending`; the vendor's linked-account
 * intent gets a new generation, which the worker pushes to the gateway after the commit.
 */
export async function saveAccount(db: Db, values: Values): Promise<PayoutAccountRow> {
  return db.transaction(async (tx) => {
    const { vendorId, ...fields } = values;
    const [row] = await tx.insert(vendorPayoutAccounts).values({ ...values, status: 'pending' })
      .onConflictDoUpdate({ target: vendorPayoutAccounts.vendorId, set: { ...fields, status: 'pending', statusReason: null, updatedAt: sql`now()` } })
      .returning();
    await tx.insert(routeAccountIntents).values({ vendorId })
      .onConflictDoUpdate({
        target: routeAccountIntents.vendorId,
        set: { generation: sql`${routeAccountIntents.generation} + 1`, attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` },
      });
    return row!;
  });
}

/** These vendors' payout accounts, whole: the service masks the PAN and the account number before they go anywhere. */
export async function findAccounts(db: Db | Tx, vendorIds: string[]): Promise<PayoutAccountRow[]> {
  if (vendorIds.length === 0) return [];
  return db.select().from(vendorPayoutAccounts).where(inArray(vendorPayoutAccounts.vendorId, vendorIds));
}

/** The linked account that may receive transfers: activated, with the gateway's account id. */
export async function findActivatedRouteAccount(db: Db | Tx, vendorId: string): Promise<string | null> {
  const [row] = await db.select({ routeAccountId: vendorPayoutAccounts.routeAccountId }).from(vendorPayoutAccounts)
    .where(and(eq(vendorPayoutAccounts.vendorId, vendorId), eq(vendorPayoutAccounts.status, 'activated'), isNotNull(vendorPayoutAccounts.routeAccountId)));
  return row?.routeAccountId ?? null;
}

/** Vendors whose saved account is not yet at the gateway and due for an attempt. */
export async function dueIntents(db: Db, limit: number) {
  return db.select({ vendorId: routeAccountIntents.vendorId }).from(routeAccountIntents)
    .where(and(unsynced, lte(routeAccountIntents.nextAttemptAt, sql`now()`), leaseFree))
    .orderBy(asc(routeAccountIntents.nextAttemptAt)).limit(limit);
}

/** Takes the right to call the gateway for a vendor (none while another process holds it, or nothing to push). */
export async function leaseIntent(db: Db, vendorId: string, opts: { due?: boolean } = {}) {
  const [row] = await db.update(routeAccountIntents).set({ leaseUntil: LEASE, attempts: sql`${routeAccountIntents.attempts} + 1` })
    .where(and(eq(routeAccountIntents.vendorId, vendorId), unsynced, leaseFree, opts.due ? lte(routeAccountIntents.nextAttemptAt, sql`now()`) : undefined))
    .returning();
  return row;
}

export async function backOffIntent(db: Db, vendorId: string, attempts: number) {
  await db.update(routeAccountIntents)
    .set({ leaseUntil: null, nextAttemptAt: sql`now() + ${Math.min(2 ** attempts, 300)} * interval '1 second'` })
    .where(eq(routeAccountIntents.vendorId, vendorId));
}

/** The gateway made the linked account: kept at once, so a later step's failure never makes a second one. */
export async function recordRouteAccount(db: Db, vendorId: string, routeAccountId: string) {
  await db.update(vendorPayoutAccounts).set({ routeAccountId })
    .where(and(eq(vendorPayoutAccounts.vendorId, vendorId), isNull(vendorPayoutAccounts.routeAccountId)));
}

export async function recordStakeholder(db: Db, vendorId: string, stakeholderId: string) {
  await db.update(routeAccountIntents).set({ stakeholderId }).where(and(eq(routeAccountIntents.vendorId, vendorId), isNull(routeAccountIntents.stakeholderId)));
}

export async function recordProduct(db: Db, vendorId: string, productId: string) {
  await db.update(routeAccountIntents).set({ productId }).where(and(eq(routeAccountIntents.vendorId, vendorId), isNull(routeAccountIntents.productId)));
}

type Request = 'account' | 'stakeholder';
const requestColumn = (which: Request) => (which === 'account' ? routeAccountIntents.accountRequest : routeAccountIntents.stakeholderRequest);

/**
 * The details a creation sends, kept from its first attempt until the gateway answers: one statement, so a retry
 * (in this process or another) always sends the first body again under the same key.
 */
export async function keepRequest(db: Db, vendorId: string, which: Request, details: RouteAccountRequest): Promise<RouteAccountRequest> {
  const column = requestColumn(which);
  const [row] = await db.update(routeAccountIntents)
    .set(which === 'account' ? { accountRequest: sql`coalesce(${column}, ${JSON.stringify(details)}::jsonb)` } : { stakeholderRequest: sql`coalesce(${column}, ${JSON.stringify(details)}::jsonb)` })
    .where(eq(routeAccountIntents.vendorId, vendorId))
    .returning({ kept: column });
  return (row?.kept ?? details) as RouteAccountRequest;
}

/** The gateway refused the creation (a 4xx: nothing was made), so the next attempt sends the latest details. */
export async function forgetRequest(db: Db, vendorId: string, which: Request) {
  await db.update(routeAccountIntents).set(which === 'account' ? { accountRequest: null } : { stakeholderRequest: null })
    .where(eq(routeAccountIntents.vendorId, vendorId));
}

export async function lockAccount(tx: Tx, where: { vendorId: string } | { routeAccountId: string }) {
  const [row] = await tx.select().from(vendorPayoutAccounts)
    .where('vendorId' in where ? eq(vendorPayoutAccounts.vendorId, where.vendorId) : eq(vendorPayoutAccounts.routeAccountId, where.routeAccountId))
    .for('update');
  return row;
}

export async function findIntent(db: Db | Tx, vendorId: string) {
  const [row] = await db.select().from(routeAccountIntents).where(eq(routeAccountIntents.vendorId, vendorId));
  return row;
}

/** The generation the worker pushed has reached the gateway; the lease is given back. */
export async function markSynced(tx: Tx, vendorId: string, generation: number) {
  await tx.update(routeAccountIntents)
    .set({ syncedGeneration: sql`greatest(${routeAccountIntents.syncedGeneration}, ${generation})`, leaseUntil: null, attempts: 0, updatedAt: sql`now()` })
    .where(eq(routeAccountIntents.vendorId, vendorId));
}

/** Sets the status (and the gateway's reason) of a locked account; the caller checked it changes. */
export async function setStatus(tx: Tx, vendorId: string, status: PayoutStatus, statusReason: string | null) {
  await tx.update(vendorPayoutAccounts).set({ status, statusReason }).where(eq(vendorPayoutAccounts.vendorId, vendorId));
}
