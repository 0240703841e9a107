import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/errors.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's minimum recommendation. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let nobodysHash: Promise<string> | undefined;

/** The same argon2 work as a real check, against a hash nobody's password matches; always false. */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  nobodysHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await nobodysHash, password);
  return false;
}

/** Length is checked by the request schema; this refuses passwords on the common-password list. */
export function assertAcceptablePassword(password: string) {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new AppError('BAD_REQUEST', 'This password is one of the most common ones and easy to guess. Please choose another.');
  }
}
