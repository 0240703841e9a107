import type { Db } from '../db/client.ts';

/** Placeholder until the catalogue seed lands. */
export const DEMO_LOGINS: { role: string; email: string }[] = [];
export async function seedIfEmpty(_db: Db): Promise<boolean> {
  return false;
}
