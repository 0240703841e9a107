import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { vendors } from './vendors.ts';

/** The files module: private files and vendors' KYC documents (decision record 021). */

/**
 * Private files (KYC documents, dispute photos): the bytes are in the storage's private area under storageKey,
 * served only to the owner and to operators through /api/files/{id} (decision record 021).
 */
export const privateFiles = pgTable('private_files', {
  id: uuid('id').primaryKey(),
  ownerKind: text('owner_kind', { enum: ['customer', 'vendor'] }).notNull(),
  ownerId: uuid('owner_id').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('private_files_owner_idx').on(t.ownerKind, t.ownerId, t.createdAt),
  check('private_files_owner_kind_check', sql`${t.ownerKind} in ('customer', 'vendor')`),
  check('private_files_size_check', sql`${t.size} >= 0`),
]);

/** A vendor's KYC documents, one file of each kind (replaced in place). */
export const vendorDocuments = pgTable('vendor_documents', {
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  kind: text('kind', { enum: ['panCard', 'gstCertificate', 'cancelledCheque'] }).notNull(),
  fileId: uuid('file_id').notNull().references(() => privateFiles.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'vendor_documents_pkey', columns: [t.vendorId, t.kind] }),
  check('vendor_documents_kind_check', sql`${t.kind} in ('panCard', 'gstCertificate', 'cancelledCheque')`),
]);
