import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './auth.ts';
import { products } from './catalogue.ts';
import { id, createdAt } from './columns.ts';
import { vendors } from './vendors.ts';

/** The reviews module: product and vendor reviews and customers' reports of them. */

export const productReviews = pgTable('product_reviews', {
  id: id(),
  productId: uuid('product_id').notNull().references(() => products.id),
  customerId: uuid('customer_id').references(() => customers.id),
  customerName: text('customer_name').notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment').notNull(),
  createdAt: createdAt(),
  /** Hidden by an operator (migration 0016): out of the public lists and the stored sum and count while set. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
}, (t) => [
  index('product_reviews_product_idx').on(t.productId, t.createdAt),
  /** One review per customer per product: a second one edits the first. */
  uniqueIndex('product_reviews_customer_key').on(t.productId, t.customerId).where(sql`${t.customerId} is not null`),
  check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
]);

export const vendorReviews = pgTable('vendor_reviews', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  customerId: uuid('customer_id').references(() => customers.id),
  customerName: text('customer_name').notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment').notNull(),
  createdAt: createdAt(),
  /** Hidden by an operator (migration 0016): out of the public lists and the stored sum and count while set. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
}, (t) => [
  index('vendor_reviews_vendor_idx').on(t.vendorId, t.createdAt),
  /** One review per customer per vendor: a second one edits the first. */
  uniqueIndex('vendor_reviews_customer_key').on(t.vendorId, t.customerId).where(sql`${t.customerId} is not null`),
  check('vendor_reviews_rating_check', sql`${t.rating} between 1 and 5`),
]);

/** Customers' reports of reviews (migration 0016); `kind` says which reviews table `reviewId` is in. */
export const reviewReports = pgTable('review_reports', {
  id: id(),
  kind: text('kind').$type<'product' | 'vendor'>().notNull(),
  reviewId: uuid('review_id').notNull(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  reason: text('reason'),
  createdAt: createdAt(),
}, (t) => [
  /** One report per customer per review, under races. */
  uniqueIndex('review_reports_customer_key').on(t.kind, t.reviewId, t.customerId),
  check('review_reports_kind_check', sql`${t.kind} in ('product', 'vendor')`),
]);
