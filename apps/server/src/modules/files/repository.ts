import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { privateFiles, vendorDocuments } from '../../db/schema/files.ts';

/** All SQL of private files and the vendors' KYC documents (decision record 021). */

export type PrivateFileRow = typeof privateFiles.$inferSelect;
export type OwnerKind = PrivateFileRow['ownerKind'];
export type DocumentKind = (typeof vendorDocuments.$inferSelect)['kind'];

export async function insertFile(db: Db, row: Omit<PrivateFileRow, 'createdAt'>): Promise<PrivateFileRow> {
  const [inserted] = await db.insert(privateFiles).values(row).returning();
  return inserted!;
}

export async function findFile(db: Db, id: string): Promise<PrivateFileRow | undefined> {
  const [row] = await db.select().from(privateFiles).where(eq(privateFiles.id, id));
  return row;
}

export async function filesByIds(db: Db | Tx, ids: string[]): Promise<PrivateFileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(privateFiles).where(inArray(privateFiles.id, ids));
}

/** Which of `ids` belong to this owner. */
export async function ownedIds(db: Db | Tx, ids: string[], owner: { kind: OwnerKind; id: string }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: privateFiles.id }).from(privateFiles)
    .where(and(inArray(privateFiles.id, ids), eq(privateFiles.ownerKind, owner.kind), eq(privateFiles.ownerId, owner.id)));
  return new Set(rows.map((r) => r.id));
}

/** Sets each given kind to its file, in one statement (racing saves take the rows' locks in turn). */
export async function upsertVendorDocuments(tx: Tx, vendorId: string, docs: { kind: DocumentKind; fileId: string }[]) {
  if (docs.length === 0) return;
  await tx.insert(vendorDocuments).values(docs.map((d) => ({ vendorId, ...d })))
    .onConflictDoUpdate({ target: [vendorDocuments.vendorId, vendorDocuments.kind], set: { fileId: sql`excluded.file_id`, updatedAt: sql`now()` } });
}

export async function deleteVendorDocuments(tx: Tx, vendorId: string, kinds: DocumentKind[]) {
  if (kinds.length === 0) return;
  await tx.delete(vendorDocuments).where(and(eq(vendorDocuments.vendorId, vendorId), inArray(vendorDocuments.kind, kinds)));
}

/** The documents of these vendors with their files, in the kinds' order. */
export async function listVendorDocuments(db: Db, vendorIds: string[]) {
  if (vendorIds.length === 0) return [];
  return db.select({
    vendorId: vendorDocuments.vendorId, kind: vendorDocuments.kind, updatedAt: vendorDocuments.updatedAt,
    fileId: privateFiles.id, contentType: privateFiles.contentType, size: privateFiles.size,
  }).from(vendorDocuments)
    .innerJoin(privateFiles, eq(privateFiles.id, vendorDocuments.fileId))
    .where(inArray(vendorDocuments.vendorId, vendorIds))
    .orderBy(vendorDocuments.vendorId, vendorDocuments.kind);
}
