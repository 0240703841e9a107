import { pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What the vendors module publishes for other modules' joins on hot paths (decision record 031): a read-only view
 * (migration 0032) of the columns they may read, so no other repository names the vendors table. Drizzle cannot
 * write through a view; PostgreSQL inlines it, so a join with it plans as a join with vendors.
 *
 * Readers: the catalogue (a product's vendor card in every list and search, and "not of a suspended vendor") and the
 * session lookup (the vendor's business name).
 */
export const vendorCards = pgView('vendor_cards', {
  id: uuid('id').notNull(),
  businessName: text('business_name').notNull(),
  city: text('city').notNull(),
  businessAddress: text('business_address').notNull(),
  profileImage: text('profile_image'),
  /** Set while an operator has suspended the vendor: such a vendor's products leave every public read. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
}).existing();
