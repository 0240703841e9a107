import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitEvents } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_WINDOW_MINUTES = 15;

const bucket = (email: string) => `login:${email.toLowerCase()}`;

/** Ten failed password logins per account in fifteen minutes; then 429 until the oldest ages out. */
export async function assertLoginAllowed(db: Db, email: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitEvents.createdAt})` })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket(email)), gt(rateLimitEvents.createdAt, sql`now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`)));
  if (row && row.count >= LOGIN_FAILURES_ALLOWED) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    const minutes = Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MINUTES * 60_000 - Date.now()) / 60_000));
    throw new AppError('RATE_LIMITED', `Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`, { 'retry-after': String(minutes * 60) });
  }
}

export async function recordLoginFailure(db: Db, email: string) {
  await db.insert(rateLimitEvents).values({ bucket: bucket(email) });
}
