import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import type { Identity } from '../../lib/identity.ts';
import * as repo from './repository.ts';

export const SESSION_COOKIE = 'nirmaan_session';
export const SESSION_DAYS = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type SessionOwner = { customerId: string } | { vendorId: string };

/** A new random token for every login; only its hash is stored. */
export async function createSession(db: Db | Tx, owner: SessionOwner): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(db, owner, hashToken(token), SESSION_DAYS);
  return token;
}

/** The identity behind a session cookie's token, or null when it is absent, unknown, revoked or expired. */
export async function findSessionIdentity(db: Db, token: string | undefined): Promise<Identity | null> {
  if (!token || token.length > 100) return null;
  const row = await repo.findLiveSession(db, hashToken(token));
  if (!row) return null;
  if (row.customerId) return { role: 'customer', id: row.customerId, name: row.customerName ?? '', sessionId: row.sessionId };
  if (row.vendorId) return { role: 'vendor', id: row.vendorId, name: row.vendorName ?? '', sessionId: row.sessionId };
  return null;
}

export const revokeSession = repo.revokeSession;
export const revokeAllSessions = repo.revokeAllSessions;
