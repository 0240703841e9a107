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

// Product and vendor reviews: two tables of one shape, each query written once and given the kind's table.

/** The table of each kind of review and its subject column (the product or the vendor reviewed). */
const REVIEWS = {
  product: { table: productReviews, subject: productReviews.productId },
  vendor: { table: vendorReviews, subject: vendorReviews.vendorId },
} as const;
export type ReviewKind = keyof typeof REVIEWS;
export type ProductReviewRow = typeof productReviews.$inferSelect;
export type VendorReviewRow = typeof vendorReviews.$inferSelect;
type ReviewRow<K extends ReviewKind> = K extends 'product' ? ProductReviewRow : VendorReviewRow;
type NewReviewOf<K extends ReviewKind> = NewReview & (K extends 'product' ? { productId: string } : { vendorId: string });
/**
 * Drizzle types a query by its table, and a union of two tables gives no single query type: the whole-row queries
 * below are typed as the product table's and their rows as the kind's (the two tables have the same columns but
 * the subject's).
 */
const wholeRows = (kind: ReviewKind) => REVIEWS[kind].table as typeof productReviews;

const shownProductReviews = preparedPerDb((db) => db
  .select()
  .from(productReviews)
  .where(and(eq(productReviews.productId, sql.placeholder('productId')), isNull(productReviews.hiddenAt)))
  .orderBy(desc(productReviews.createdAt), asc(productReviews.id))
  .prepare('reviews_shown_product_reviews'));

export async function listProductReviews(db: Db, productId: string) {
  return shownProductReviews(db).execute({ productId });
}

export async function listVendorReviews(db: Db, vendorId: string, limit?: number) {
  const q = db
    .select()
    .from(vendorReviews)
    .where(and(eq(vendorReviews.vendorId, vendorId), isNull(vendorReviews.hiddenAt)))
    .orderBy(desc(vendorReviews.createdAt), asc(vendorReviews.id));
  return limit === undefined ? q : q.limit(limit);
}

/** Who reviewed the product or vendor, shown reviews only (an index-only scan of its *_reviews_customer_key). */
export async function listReviewerIds(db: Db, kind: ReviewKind, subjectId: string) {
  const { table, subject } = REVIEWS[kind];
  const rows = await db.select({ customerId: sql<string>`${table.customerId}` }).from(table)
    .where(and(eq(subject, subjectId), isNotNull(table.customerId), isNull(table.hiddenAt)));
  return rows.map((r) => r.customerId);
}

/** The customer's review of the product or vendor before a write (its row is locked by then). */
export async function findOwnReview(tx: Tx, kind: ReviewKind, subjectId: string, customerId: string): Promise<ReviewBefore> {
  const { table, subject } = REVIEWS[kind];
  const [row] = await tx.select({ rating: table.rating, hiddenAt: table.hiddenAt }).from(table)
    .where(and(eq(subject, subjectId), eq(table.customerId, customerId)));
  return row;
}

/** One review per customer per product or vendor: a second one edits the first. */
export async function upsertReview<K extends ReviewKind>(tx: Tx, kind: K, review: NewReviewOf<K>): Promise<ReviewRow<K>> {
  const { subject } = REVIEWS[kind];
  const table = wholeRows(kind);
  const [saved] = await tx.insert(table).values(review as NewReviewOf<'product'>)
    .onConflictDoUpdate({
      target: [subject, table.customerId],
      targetWhere: sql`${table.customerId} is not null`,
      set: { rating: review.rating, comment: review.comment, customerName: review.customerName, createdAt: sql`now()` },
    })
    .returning();
  return saved as ReviewRow<K>;
}

/** Who wrote a review (for reports), and whether it is shown; undefined for an unknown id. */
export async function findReviewAuthor(db: Db, kind: ReviewKind, id: string) {
  const { table } = REVIEWS[kind];
  const [row] = await db.select({ customerId: table.customerId, hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id));
  return row;
}

/** The product or vendor a review is of (read before locking it, then the review). */
export async function findSubjectOfReview(tx: Tx, kind: ReviewKind, id: string) {
  const { table, subject } = REVIEWS[kind];
  const [row] = await tx.select({ subjectId: subject }).from(table).where(eq(table.id, id));
  return row?.subjectId;
}

export async function lockReview<K extends ReviewKind>(tx: Tx, kind: K, id: string): Promise<ReviewRow<K> | undefined> {
  const table = wholeRows(kind);
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  return row as ReviewRow<K> | undefined;
}

export async function setReviewHidden<K extends ReviewKind>(tx: Tx, kind: K, id: string, hidden: boolean, reason: string | null): Promise<ReviewRow<K>> {
  const table = wholeRows(kind);
  const [row] = await tx.update(table).set(hiddenChange(hidden, reason)).where(eq(table.id, id)).returning();
  return row as ReviewRow<K>;
}

// Reports

/** Customers' reports of reviews. The unique (kind, review, customer) index keeps one per customer under races. */
export async function insertReport(db: Db, report: { kind: 'product' | 'vendor'; reviewId: string; customerId: string; reason: string | null }) {
  await db.insert(reviewReports).values(report).onConflictDoNothing({ target: [reviewReports.kind, reviewReports.reviewId, reviewReports.customerId] });
}
