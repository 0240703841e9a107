import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { customers, sessions } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export const SESSION_COOKIE = 'nirmaan_session';
export const SESSION_DAYS = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionCustomer { id: string; fullName: string; sessionId: string }

/** A new random token for every login; only its hash is stored. */
export async function createSession(db: Db | Tx, customerId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    customerId,
    expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})`,
  });
  return token;
}

export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.PUBLIC_URL?.startsWith('https:') ?? false,
    path: '/',
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const cache = new WeakMap<FastifyRequest, Promise<SessionCustomer | null>>();

/** The customer of the request's session cookie, or null; looked up once per request. */
export function currentCustomer(req: FastifyRequest): Promise<SessionCustomer | null> {
  let found = cache.get(req);
  if (!found) {
    found = lookup(req.server.db, req.cookies[SESSION_COOKIE]);
    cache.set(req, found);
  }
  return found;
}

async function lookup(db: Db, token: string | undefined): Promise<SessionCustomer | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: customers.id, fullName: customers.fullName, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function requireCustomer(req: FastifyRequest): Promise<SessionCustomer> {
  const customer = await currentCustomer(req);
  if (!customer) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return customer;
}

/** Path or body ids that name a customer must be the session's own. */
export async function requireSelf(req: FastifyRequest, userId: string): Promise<SessionCustomer> {
  const customer = await requireCustomer(req);
  if (customer.id !== userId) throw new AppError('FORBIDDEN', 'You can only see and change your own account.');
  return customer;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(tx: Db | Tx, customerId: string) {
  await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}
