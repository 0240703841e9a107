import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { vendorPayoutAccounts } from '../../db/schema.ts';

/** All SQL of the vendors' payout accounts (decision record 017). */

export type PayoutAccountRow = typeof vendorPayoutAccounts.$inferSelect;
type Values = Omit<typeof vendorPayoutAccounts.$inferInsert, 'status' | 'updatedAt'>;

export async function findAccount(db: Db | Tx, vendorId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.vendorId, vendorId));
  return row;
}

/**
 * One statement: racing saves of one vendor take the row's lock in turn, each replacing the whole account, so
 * the row always holds one save's fields, never a mix. Every save sends the account back to review (`pending`).
 */
export async function saveAccount(db: Db, values: Values): Promise<PayoutAccountRow> {
  const { vendorId: _vendorId, ...fields } = values;
  const [row] = await db.insert(vendorPayoutAccounts).values({ ...values, status: 'pending' })
    .onConflictDoUpdate({ target: vendorPayoutAccounts.vendorId, set: { ...fields, status: 'pending', updatedAt: sql`now()` } })
    .returning();
  return row!;
}
