import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { commissionRates } from '../../db/schema/commission.ts';

/** All SQL of the commission rates (decision record 017). */

type Conn = Db | Tx;

export async function ratesOf(db: Conn, scopeKeys: string[]): Promise<Map<string, number>> {
  if (scopeKeys.length === 0) return new Map();
  const rows = await db.select({ scopeKey: commissionRates.scopeKey, rateBps: commissionRates.rateBps }).from(commissionRates)
    .where(inArray(commissionRates.scopeKey, scopeKeys));
  return new Map(rows.map((r) => [r.scopeKey, r.rateBps]));
}

/** The current rate of one scope, locked for the change that follows (null when it has none yet). */
export async function lockRate(tx: Tx, scopeKey: string): Promise<number | null> {
  const [row] = await tx.select({ rateBps: commissionRates.rateBps }).from(commissionRates)
    .where(sql`${commissionRates.scopeKey} = ${scopeKey}`).for('update');
  return row?.rateBps ?? null;
}

/**
 * One atomic statement: racing changes of one scope leave one row holding the last. A rate equal to the stored one
 * touches nothing; false then, so no audit row records a change that did not happen.
 */
export async function upsertRate(tx: Tx, scopeKey: string, rateBps: number): Promise<boolean> {
  const changed = await tx.insert(commissionRates).values({ scopeKey, rateBps })
    .onConflictDoUpdate({
      target: commissionRates.scopeKey, set: { rateBps, updatedAt: sql`now()` },
      setWhere: sql`${commissionRates.rateBps} is distinct from excluded.rate_bps`,
    })
    .returning({ scopeKey: commissionRates.scopeKey });
  return changed.length > 0;
}

/** Every rate, defaults first, then categories, then vendors (the console's Money screen). */
export async function allRates(db: Conn) {
  return db.select().from(commissionRates).orderBy(sql`case split_part(${commissionRates.scopeKey}, ':', 1) when 'default' then 0 when 'category' then 1 else 2 end`, commissionRates.scopeKey);
}
