import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { vendors } from './vendors.ts';

/** The catalogue module: products, their views and the search words. */

export const products = pgTable('products', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  name: text('name').notNull(),
  brand: text('brand'),
  category: text('category').notNull(),
  description: text('description').notNull(),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
  mrpPaise: bigint('mrp_paise', { mode: 'number' }),
  unit: text('unit').notNull(),
  images: text('images').array().notNull(),
  location: text('location').notNull(),
  tag: text('tag'),
  stock: integer('stock').notNull().default(0),
  /** The seller's HSN and GST rate among its category's allowed values (migration 0025); both null: the category's default. */
  hsn: text('hsn'),
  gstRatePercent: integer('gst_rate_percent'),
  /** Weight (kg) and volume (m³) of one unit as sold, for delivery quotes (migration 0035); null: its category's default. */
  weightKg: doublePrecision('weight_kg'),
  volumeM3: doublePrecision('volume_m3'),
  /** Soft delete: gone from every public list, still readable in order history. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Sum and count of product_reviews ratings, kept in the review write's transaction (no read aggregates reviews). */
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  createdAt: createdAt(),
  /** When what the product's page shows last changed (a trigger, migration 0023); null reads as createdAt. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow(),
}, (t) => [
  /** Category pages in price order, paged by keyset (price, id). */
  index('products_category_keyset_idx').on(sql`lower(${t.category})`, t.pricePaise, t.id),
  index('products_vendor_idx').on(t.vendorId),
  /** The sitemap's keyset walk (id order), index-only: `include (vendor_id, updated_at, created_at)` is in migration 0023. */
  index('products_sitemap_idx').on(t.id).where(sql`${t.deletedAt} is null`),
  /** Related products of a category: best rated, then cheapest, read with their limit (migration 0023). */
  index('products_related_idx')
    .on(sql`lower(${t.category})`, sql`(case when ${t.ratingCount} > 0 then ${t.ratingSum}::numeric / ${t.ratingCount} end) desc nulls last`, t.pricePaise, t.id)
    .where(sql`${t.deletedAt} is null`),
  /** The vendor portal's product list, newest first, live products only. */
  index('products_vendor_live_idx').on(t.vendorId, t.createdAt).where(sql`${t.deletedAt} is null`),
  /**
   * Search: word similarity over name, brand and category; GiST answers "nearest first … limit" without scoring
   * every match. 256-byte signatures: texts of ~50 trigrams saturate the default 12 bytes (40 ms vs 116 ms for
   * "cemnt" over 1M products).
   */
  index('products_search_gist_idx').using('gist', sql`(lower(${t.name} || ' ' || coalesce(${t.brand}, '') || ' ' || ${t.category})) gist_trgm_ops(siglen=256)`),
  check('products_price_check', sql`${t.pricePaise} > 0 and (${t.mrpPaise} is null or ${t.mrpPaise} >= ${t.pricePaise})`),
  check('products_load_check', sql`(${t.weightKg} is null or ${t.weightKg} > 0) and (${t.volumeM3} is null or ${t.volumeM3} > 0)`),
  check('products_tax_class_check', sql`(${t.hsn} is null) = (${t.gstRatePercent} is null) and (${t.gstRatePercent} is null or ${t.gstRatePercent} between 0 and 40)`),
]);

/**
 * A product's quantity prices (docs/decisions/035): from `min_quantity` units on, `price_paise` a unit (GST-inclusive
 * like the list price). A seller's change replaces them all with the product's row locked, which is also where each
 * is kept below the list price and the one before it; at most QUANTITY_BREAKS_MAX a product.
 */
export const productQuantityBreaks = pgTable('product_quantity_breaks', {
  productId: uuid('product_id').notNull().references(() => products.id),
  minQuantity: integer('min_quantity').notNull(),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.productId, t.minQuantity] }),
  check('product_quantity_breaks_check', sql`${t.minQuantity} >= 2 and ${t.pricePaise} > 0`),
]);

/** How often each product was viewed (POST /updateview/{productId}); a row appears with its first view. */
export const productViews = pgTable('product_views', {
  productId: uuid('product_id').primaryKey().references(() => products.id),
  views: integer('views').notNull().default(0),
});

/**
 * Every word of the products' names, brands and categories (kept by triggers on products, migration 0006):
 * where a misspelt search word finds the word it meant. Words of deleted products stay.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
}, (t) => [index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)]);
