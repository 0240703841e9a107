import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * Counted events in the database, so every server process shares the limits: `limit` events of a bucket
 * within `minutes`, then 429 until the oldest ages out. `message` gets the wait in minutes.
 */
export async function assertUnderLimit(db: Db, bucket: string, limit: number, minutes: number, message: (wait: string) => string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitEvents.createdAt})` })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
  if (row && row.count >= limit) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    const wait = Math.max(1, Math.ceil((oldest + minutes * 60_000 - Date.now()) / 60_000));
    throw new AppError('RATE_LIMITED', message(`${wait} minute${wait === 1 ? '' : 's'}`), { 'retry-after': String(wait * 60) });
  }
}

export async function recordEvent(db: Db, bucket: string) {
  await db.insert(rateLimitEvents).values({ bucket });
}
