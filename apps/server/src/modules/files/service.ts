import { randomUUID } from 'node:crypto';
import {
  PRIVATE_FILE_MSG, VENDOR_DOCUMENT_KINDS, VENDOR_DOCUMENT_MSG,
  type PrivateFile, type VendorDocument, type VendorDocuments, type VendorDocumentsBody,
} from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { LimitRule, RateLimiter } from '../../lib/rate-limit.ts';
import type { ObjectStore, StoredObject } from '../../lib/storage/index.ts';
import { UPLOAD_RULES, storableContent } from './content.ts';
import * as repo from './repository.ts';

/** Private files (decision record 021): KYC documents and dispute photos, for their owner and operators only. */

export interface FileOwner { kind: repo.OwnerKind; id: string }
/** Who asks to read a file: an operator (any file), a customer or vendor (their own), or nobody. */
export type FileViewer = { operator: true } | FileOwner;

/** As many as public image uploads allow (60 an hour), per owner. */
const FILES_PER_HOUR: LimitRule = { limit: 60, minutes: 60, message: PRIVATE_FILE_MSG.limited };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileUrl = (id: string) => `/api/files/${id}`;
const toPrivateFile = (row: { id: string; contentType: string; size: number }): PrivateFile => ({
  id: row.id, contentType: row.contentType as PrivateFile['contentType'], size: row.size, url: fileUrl(row.id),
});

/**
 * Stores an owner's upload: limited per owner, checked from its bytes (the photos and PDFs of `POST /api/files`, or
 * for `purpose: 'request'` a request for quotes' photos and bill of quantities), written to the store under a fresh
 * id, then recorded. A refused file is never written; a file whose row could not be written is removed again.
 */
export async function storePrivateFile(opts: {
  db: Db; limiter: RateLimiter; store: ObjectStore; owner: FileOwner; upload: Buffer; purpose?: keyof typeof UPLOAD_RULES;
}): Promise<PrivateFile> {
  const { db, limiter, store, owner, upload } = opts;
  await limiter.take(`files:${owner.kind}:${owner.id}`, FILES_PER_HOUR);
  const { contentType, bytes } = await storableContent(upload, UPLOAD_RULES[opts.purpose ?? 'private']);
  const id = randomUUID();
  await store.put(id, bytes, contentType);
  try {
    return toPrivateFile(await repo.insertFile(db, { id, ownerKind: owner.kind, ownerId: owner.id, contentType, size: bytes.length, storageKey: id }));
  } catch (err) {
    await store.delete(id).catch(() => undefined);
    throw err;
  }
}

/**
 * The file and its bytes for its owner, an operator, or a viewer `sharedWith` says the owner showed it to (a vendor
 * and the photos of a dispute against it); 404 for anyone else, as for a file that does not exist.
 */
export async function openPrivateFile(opts: {
  db: Db; store: ObjectStore; id: string; viewer: FileViewer; sharedWith?: (fileId: string, viewer: FileOwner) => Promise<boolean>;
}): Promise<{ file: PrivateFile; object: StoredObject }> {
  const { db, store, id, viewer, sharedWith } = opts;
  const row = UUID.test(id) ? await repo.findFile(db, id) : undefined;
  const allowed = row && ('operator' in viewer || (row.ownerKind === viewer.kind && row.ownerId === viewer.id)
    || (sharedWith !== undefined && await sharedWith(row.id, viewer)));
  if (!row || !allowed) throw notFound(PRIVATE_FILE_MSG.notFound);
  const object = await store.get(row.storageKey);
  if (!object) throw notFound(PRIVATE_FILE_MSG.notFound);
  return { file: toPrivateFile(row), object };
}

/**
 * For other modules (dispute photos, KYC documents): every id must be a private file the owner uploaded, else
 * a 400 (naming `field` when given). Takes the caller's transaction, so the check and its use commit together.
 */
export async function assertOwned(db: Db | Tx, ids: readonly string[], owner: FileOwner, field?: string): Promise<void> {
  const unique = [...new Set(ids)];
  const owned = await repo.ownedIds(db, unique.filter((id) => UUID.test(id)), owner);
  if (unique.every((id) => owned.has(id))) return;
  throw field ? fieldError(field, PRIVATE_FILE_MSG.notYours) : new AppError('BAD_REQUEST', PRIVATE_FILE_MSG.notYours);
}

/**
 * For other modules that attach files (a request's photos and bill of quantities): the files, in the order given,
 * when every id is one the owner uploaded, else the 400 of `assertOwned`. Takes the caller's transaction.
 */
export async function ownedFiles(tx: Db | Tx, ids: readonly string[], owner: FileOwner, field: string): Promise<PrivateFile[]> {
  await assertOwned(tx, ids, owner, field);
  return describeFiles(tx, ids);
}

/** The files of these ids, in the order given (ids of no file are left out): for views that list attached files. */
export async function describeFiles(db: Db | Tx, ids: readonly string[]): Promise<PrivateFile[]> {
  const rows = new Map((await repo.filesByIds(db, [...new Set(ids)])).map((r) => [r.id, r]));
  return ids.flatMap((id) => (rows.has(id) ? [toPrivateFile(rows.get(id)!)] : []));
}

// KYC documents

function toVendorDocument(row: Awaited<ReturnType<typeof repo.listVendorDocuments>>[number]): VendorDocument {
  return { kind: row.kind, file: toPrivateFile({ id: row.fileId, contentType: row.contentType, size: row.size }), updatedAt: row.updatedAt.toISOString() };
}

/** Each vendor's KYC documents (vendors without any are absent), for the vendor portal and the ops queue. */
export async function documentsOfVendors(db: Db, vendorIds: string[]): Promise<Map<string, VendorDocument[]>> {
  const byVendor = new Map<string, VendorDocument[]>();
  for (const row of await repo.listVendorDocuments(db, vendorIds)) {
    byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), toVendorDocument(row)]);
  }
  for (const docs of byVendor.values()) docs.sort((a, b) => VENDOR_DOCUMENT_KINDS.indexOf(a.kind) - VENDOR_DOCUMENT_KINDS.indexOf(b.kind));
  return byVendor;
}

export async function vendorDocuments(db: Db, vendorId: string): Promise<VendorDocuments> {
  return { documents: (await documentsOfVendors(db, [vendorId])).get(vendorId) ?? [] };
}

/** Attaches (or with null removes) each kind given; every file must be one this vendor uploaded. One transaction. */
export async function setVendorDocuments(db: Db, vendorId: string, body: VendorDocumentsBody): Promise<VendorDocuments> {
  const given = VENDOR_DOCUMENT_KINDS.filter((kind) => body[kind] !== undefined);
  const attach = given.flatMap((kind) => (body[kind] ? [{ kind, fileId: body[kind] }] : []));
  const remove = given.filter((kind) => body[kind] === null);
  await db.transaction(async (tx) => {
    for (const { kind, fileId } of attach) await assertOwnedDocument(tx, fileId, vendorId, kind);
    await repo.upsertVendorDocuments(tx, vendorId, attach);
    await repo.deleteVendorDocuments(tx, vendorId, remove);
  });
  return vendorDocuments(db, vendorId);
}

async function assertOwnedDocument(tx: Tx, fileId: string, vendorId: string, kind: string) {
  const owned = await repo.ownedIds(tx, [fileId], { kind: 'vendor', id: vendorId });
  if (!owned.has(fileId)) throw fieldError(kind, VENDOR_DOCUMENT_MSG.notYours);
}
