import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { emailOutbox } from '../db/schema/base.ts';

export interface Email { to: string; subject: string; text: string; html: string }

/** Writes a mail to the outbox inside the caller's transaction: it is sent only if the write commits. */
export async function enqueueEmail(tx: Tx | Db, email: Email) {
  await tx.insert(emailOutbox).values(email);
}

export async function claimDue(db: Db, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lte(emailOutbox.nextAttemptAt, sql`now()`), sql`${emailOutbox.attempts} < ${MAX_ATTEMPTS}`))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit);
}

export const MAX_ATTEMPTS = 8;

export async function markSent(db: Db, id: string) {
  await db.update(emailOutbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(emailOutbox.id, id));
}

export async function markFailed(db: Db, id: string, attempts: number, error: string) {
  const backoffSeconds = Math.min(2 ** attempts * 5, 3600);
  await db
    .update(emailOutbox)
    .set({ attempts: attempts + 1, lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})` })
    .where(eq(emailOutbox.id, id));
}

export async function listRecent(db: Db, limit: number) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(limit);
}
