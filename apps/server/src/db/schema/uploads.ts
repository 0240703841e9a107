import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { vendors } from './vendors.ts';

/** The uploads module: which vendor uploaded which image. */

/** Which vendor uploaded which image (POST /api/vendor/uploads); a product shows only its own vendor's uploads. */
export const uploads = pgTable('uploads', {
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  /** sha256 of the stored WebP: the file is `<hash>.webp` under the uploads directory. */
  hash: text('hash').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.vendorId, t.hash] })]);
