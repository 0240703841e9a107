import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productReviews, reviewReports, vendorReviews } from '../../db/schema/reviews.ts';
import { preparedPerDb } from '../../lib/prepared-per-db.ts';

/**
 * All the SQL of product and vendor reviews. The stored rating sums and counts live on the products and vendors rows:
 * the service changes them through the catalogue and vendors services, in the review write's transaction.
 */

export type NewReview = { customerId: string; customerName: string; rating: number; comment: string };
/** What a review was before a write: its rating and whether it is hidden (out of the sums). */
export type ReviewBefore = { rating: number; hiddenAt: Date | null } | undefined;

const hiddenChange = (hidden: boolean, reason: string | null) => (hidden ? { hiddenAt: sql`now()`, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null });

// Product reviews

const shownProductReviews = preparedPerDb((db) => db
  .select()
  .from(productReviews)
  .where(and(eq(productReviews.productId, sql.placeholder('productId')), isNull(productReviews.hiddenAt)))
  .orderBy(desc(productReviews.createdAt), asc(productReviews.id))
  .prepare('reviews_shown_product_reviews'));

export async function listProductReviews(db: Db, productId: string) {
  return shownProductReviews(db).execute({ productId });
}

/** Who reviewed the product (an index-only scan of product_reviews_customer_key). */
export async function listProductReviewerIds(db: Db, productId: string) {
  const rows = await db.select({ customerId: sql<string>`${productReviews.customerId}` }).from(productReviews)
    .where(and(eq(productReviews.productId, productId), isNotNull(productReviews.customerId), isNull(productReviews.hiddenAt)));
  return rows.map((r) => r.customerId);
}

/** The customer's review of the product before a write (the product row is locked by then). */
export async function findOwnProductReview(tx: Tx, productId: string, customerId: string): Promise<ReviewBefore> {
  const [row] = await tx.select({ rating: productReviews.rating, hiddenAt: productReviews.hiddenAt }).from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.customerId, customerId)));
  return row;
}

/** One review per customer per product: a second one edits the first. */
export async function upsertProductReview(tx: Tx, review: NewReview & { productId: string }) {
  const [saved] = await tx.insert(productReviews).values(review)
    .onConflictDoUpdate({
      target: [productReviews.productId, productReviews.customerId],
      targetWhere: sql`${productReviews.customerId} is not null`,
      set: { rating: review.rating, comment: review.comment, customerName: review.customerName, createdAt: sql`now()` },
    })
    .returning();
  return saved!;
}

/** Who wrote a review (for reports), and whether it is shown; undefined for an unknown id. */
export async function findProductReviewAuthor(db: Db, id: string) {
  const [row] = await db.select({ customerId: productReviews.customerId, hiddenAt: productReviews.hiddenAt }).from(productReviews).where(eq(productReviews.id, id));
  return row;
}

/** The product a review is of (read before locking the product, then the review). */
export async function findProductOfReview(tx: Tx, id: string) {
  const [row] = await tx.select({ productId: productReviews.productId }).from(productReviews).where(eq(productReviews.id, id));
  return row?.productId;
}

export async function lockProductReview(tx: Tx, id: string) {
  const [row] = await tx.select().from(productReviews).where(eq(productReviews.id, id)).for('update');
  return row;
}

export async function setProductReviewHidden(tx: Tx, id: string, hidden: boolean, reason: string | null) {
  const [row] = await tx.update(productReviews).set(hiddenChange(hidden, reason)).where(eq(productReviews.id, id)).returning();
  return row!;
}

// Vendor reviews

export async function listVendorReviews(db: Db, vendorId: string, limit?: number) {
  const q = db
    .select()
    .from(vendorReviews)
    .where(and(eq(vendorReviews.vendorId, vendorId), isNull(vendorReviews.hiddenAt)))
    .orderBy(desc(vendorReviews.createdAt), asc(vendorReviews.id));
  return limit === undefined ? q : q.limit(limit);
}

/** Who reviewed the vendor (an index-only scan of vendor_reviews_customer_key). */
export async function listVendorReviewerIds(db: Db, vendorId: string) {
  const rows = await db.select({ customerId: sql<string>`${vendorReviews.customerId}` }).from(vendorReviews)
    .where(and(eq(vendorReviews.vendorId, vendorId), isNotNull(vendorReviews.customerId), isNull(vendorReviews.hiddenAt)));
  return rows.map((r) => r.customerId);
}

/** The customer's review of the vendor before a write (the vendor row is locked by then). */
export async function findOwnVendorReview(tx: Tx, vendorId: string, customerId: string): Promise<ReviewBefore> {
  const [row] = await tx.select({ rating: vendorReviews.rating, hiddenAt: vendorReviews.hiddenAt }).from(vendorReviews)
    .where(and(eq(vendorReviews.vendorId, vendorId), eq(vendorReviews.customerId, customerId)));
  return row;
}

/** One review per customer per vendor: a second one edits the first. */
export async function upsertVendorReview(tx: Tx, review: NewReview & { vendorId: string }) {
  const [saved] = await tx.insert(vendorReviews).values(review)
    .onConflictDoUpdate({
      target: [vendorReviews.vendorId, vendorReviews.customerId],
      targetWhere: sql`${vendorReviews.customerId} is not null`,
      set: { rating: review.rating, comment: review.comment, customerName: review.customerName, createdAt: sql`now()` },
    })
    .returning();
  return saved!;
}

export async function findVendorReviewAuthor(db: Db, id: string) {
  const [row] = await db.select({ customerId: vendorReviews.customerId, hiddenAt: vendorReviews.hiddenAt }).from(vendorReviews).where(eq(vendorReviews.id, id));
  return row;
}

export async function findVendorOfReview(tx: Tx, id: string) {
  const [row] = await tx.select({ vendorId: vendorReviews.vendorId }).from(vendorReviews).where(eq(vendorReviews.id, id));
  return row?.vendorId;
}

export async function lockVendorReview(tx: Tx, id: string) {
  const [row] = await tx.select().from(vendorReviews).where(eq(vendorReviews.id, id)).for('update');
  return row;
}

export async function setVendorReviewHidden(tx: Tx, id: string, hidden: boolean, reason: string | null) {
  const [row] = await tx.update(vendorReviews).set(hiddenChange(hidden, reason)).where(eq(vendorReviews.id, id)).returning();
  return row!;
}

// Reports

/** Customers' reports of reviews. The unique (kind, review, customer) index keeps one per customer under races. */
export async function insertReport(db: Db, report: { kind: 'product' | 'vendor'; reviewId: string; customerId: string; reason: string | null }) {
  await db.insert(reviewReports).values(report).onConflictDoNothing({ target: [reviewReports.kind, reviewReports.reviewId, reviewReports.customerId] });
}
