import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';

export async function recordUpload(db: Db, vendorId: string, hash: string) {
  await db.insert(uploads).values({ vendorId, hash }).onConflictDoNothing();
}

/** Which of `hashes` this vendor uploaded. */
export async function uploadedBy(db: Db, vendorId: string, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.select({ hash: uploads.hash }).from(uploads).where(and(eq(uploads.vendorId, vendorId), inArray(uploads.hash, hashes)));
  return new Set(rows.map((r) => r.hash));
}
