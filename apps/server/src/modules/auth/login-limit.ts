import type { Db } from '../../db/client.ts';
import { assertUnderLimit, recordEvent } from '../../lib/rate-limit.ts';

export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_WINDOW_MINUTES = 15;

const bucket = (email: string) => `login:${email.toLowerCase()}`;

/** Ten failed password logins per account in fifteen minutes; then 429 until the oldest ages out. */
export const assertLoginAllowed = (db: Db, email: string) =>
  assertUnderLimit(db, bucket(email), LOGIN_FAILURES_ALLOWED, LOGIN_WINDOW_MINUTES,
    (wait) => `Too many failed logins. Please try again in ${wait} or reset your password.`);

export const recordLoginFailure = (db: Db, email: string) => recordEvent(db, bucket(email));
