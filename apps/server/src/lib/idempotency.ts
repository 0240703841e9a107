import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/base.ts';
import { AppError } from './errors.ts';

export interface Outcome<T> { status: number; body: T }

/** The `Idempotency-Key` header of a request, checked; undefined when absent. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError('BAD_REQUEST', 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }
  return key;
}

/** JSON with object keys sorted at every depth, so two spellings of one request hash alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a key is bound to: the route (method and path) and the body as the schema parsed it. */
export const requestHashOf = (route: string, body: unknown) => createHash('sha256').update(`${route}\n${canonicalJson(body)}`).digest('hex');

export const KEY_REUSED = 'This Idempotency-Key was already used with a different request. Use a new key for a new request.';

/**
 * Runs `work` in one transaction, once per (customer, route, key): a retry with the same key and the same request
 * gets the first answer and creates nothing; the same key with a different body is refused (422), as Stripe does.
 * The key's row, with the request's hash, is inserted first in the same transaction, so a racing retry waits on the
 * unique key until the first commits (or rolls back, and then runs itself).
 */
export async function runOnce<T>(
  db: Db,
  scope: { customerId: string; route: string; key: string | undefined; request: unknown },
  work: (tx: Tx) => Promise<Outcome<T>>,
): Promise<Outcome<T> & { replayed: boolean }> {
  const { key } = scope;
  if (key === undefined) return { ...(await db.transaction(work)), replayed: false };
  const requestHash = requestHashOf(scope.route, scope.request);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ key, customerId: scope.customerId, route: scope.route, statusCode: 0, responseBody: {}, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.customerId, scope.customerId), eq(idempotencyKeys.route, scope.route), eq(idempotencyKeys.key, key)));
      if (first!.requestHash !== null && first!.requestHash !== requestHash) throw new AppError('UNPROCESSABLE', KEY_REUSED);
      return { status: first!.statusCode, body: first!.responseBody as T, replayed: true };
    }
    const outcome = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: outcome.status, responseBody: sql`${JSON.stringify(outcome.body)}::jsonb` })
      .where(and(eq(idempotencyKeys.customerId, scope.customerId), eq(idempotencyKeys.route, scope.route), eq(idempotencyKeys.key, key)));
    return { ...outcome, replayed: false };
  });
}
