import { MSG, type ProductReview, type ReviewVerified, type VendorReview, type VendorReviewsReceived } from '@nirmaan/shared';
import { REPORT_MSG, type ReviewKind } from '@nirmaan/shared/cart';
import type { Db, Tx } from '../../db/client.ts';
import { customersWithCompletedBooking } from '../bookings/service.ts';
import { addToProductRating, lockProductForRating, productExists } from '../catalogue/service.ts';
import { customersWhoReceivedFromVendor, customersWhoReceivedProduct } from '../orders/service.ts';
import { addToVendorRating, lockVendorForRating, publicVendorExists, ratingOf } from '../vendors/service.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { toWireProductReview, toWireVendorReview } from './wire.ts';

/**
 * Verified marks are computed when reviews are read, never stored: a review written before its
 * line is delivered becomes verified by the delivery itself, with nothing to keep up to date in the orders or
 * bookings flows. Each read asks once per page which of its reviewers bought or booked (one indexed query per
 * kind), so the cost follows the reviews shown, not the order tables.
 */

type Marks = Map<string, NonNullable<ReviewVerified>>;
type Authored<R> = { customerId: string | null; review: R };

const authorsOf = (rows: readonly Authored<unknown>[]) => [...new Set(rows.flatMap((r) => (r.customerId ? [r.customerId] : [])))];

async function productMarks(db: Db, productId: string, customerIds: readonly string[]): Promise<Marks> {
  return new Map((await customersWhoReceivedProduct(db, productId, customerIds)).map((id) => [id, 'purchase']));
}

/** A professional's clients are verified by a Completed booking, a seller's by a Delivered line; a booking wins. */
async function vendorMarks(db: Db, vendorId: string, customerIds: readonly string[]): Promise<Marks> {
  const [booked, received] = await Promise.all([
    customersWithCompletedBooking(db, vendorId, customerIds),
    customersWhoReceivedFromVendor(db, vendorId, customerIds),
  ]);
  const marks: Marks = new Map(received.map((id) => [id, 'purchase']));
  for (const id of booked) marks.set(id, 'booking');
  return marks;
}

function withMark<R extends object>(row: Authored<R>, marks: Marks): R & { verified?: NonNullable<ReviewVerified> } {
  const verified = row.customerId ? marks.get(row.customerId) : undefined;
  return verified ? { ...row.review, verified } : row.review;
}

// The reviews as read: each with its author's id, which the marks below look up.

/** A product's shown reviews, newest first; it does not ask whether the product exists. */
async function listShownProductReviews(db: Db, productId: string) {
  return (await repo.listProductReviews(db, productId)).map((r) => ({ customerId: r.customerId, review: toWireProductReview(r) }));
}

/** A shown product's reviews, newest first; 404 for any other id. */
async function listProductReviews(db: Db, productId: string) {
  if (!(await productExists(db, productId))) throw notFound(MSG.productNotFound);
  return listShownProductReviews(db, productId);
}

async function listShownVendorReviews(db: Db, vendorId: string, limit?: number) {
  return (await repo.listVendorReviews(db, vendorId, limit)).map((r) => ({ customerId: r.customerId, review: toWireVendorReview(r) }));
}

/** A public vendor's reviews, newest first; 404 for any other id. */
async function listVendorReviews(db: Db, vendorId: string) {
  if (!(await publicVendorExists(db, vendorId))) throw notFound(MSG.noVendorFound);
  return listShownVendorReviews(db, vendorId);
}

export async function listMarkedProductReviews(db: Db, productId: string): Promise<{ getreview: ProductReview[] }> {
  const rows = await listProductReviews(db, productId);
  const marks = await productMarks(db, productId, authorsOf(rows));
  return { getreview: rows.map((r) => withMark(r, marks)) };
}

/**
 * A product page's reviews with their marks and the verified count, in two statements (the reviews, then their
 * authors' deliveries). It does not ask whether the product exists: the page reads the product beside it. The
 * count is `countVerifiedProductReviews`'s: the marked authors of the shown reviews are the same customers.
 */
export async function productReviewsForPage(db: Db, productId: string): Promise<{ reviews: ProductReview[]; verifiedCount: number }> {
  const rows = await listShownProductReviews(db, productId);
  const marks = await productMarks(db, productId, authorsOf(rows));
  return { reviews: rows.map((r) => withMark(r, marks)), verifiedCount: marks.size };
}

export async function listMarkedVendorReviews(db: Db, vendorId: string): Promise<{ getreview: VendorReview[] }> {
  const rows = await listVendorReviews(db, vendorId);
  const marks = await vendorMarks(db, vendorId, authorsOf(rows));
  return { getreview: rows.map((r) => withMark(r, marks)) };
}

/** How many of a product's `reviewCount` reviews are verified; no query when there are none. */
export async function countVerifiedProductReviews(db: Db, productId: string, reviewCount: number) {
  if (reviewCount === 0) return 0;
  return (await productMarks(db, productId, await repo.listReviewerIds(db, 'product', productId))).size;
}

/** How many of a vendor's `reviewCount` reviews are verified; no query when there are none. */
export async function countVerifiedVendorReviews(db: Db, vendorId: string, reviewCount: number) {
  if (reviewCount === 0) return 0;
  return (await vendorMarks(db, vendorId, await repo.listReviewerIds(db, 'vendor', vendorId))).size;
}

/** The logged-in vendor's reviews with their marks and the verified count beside the stored average. */
export async function reviewsReceivedMarked(db: Db, vendorId: string): Promise<VendorReviewsReceived> {
  const rating = await ratingOf(db, vendorId);
  const rows = await listShownVendorReviews(db, vendorId);
  const marks = await vendorMarks(db, vendorId, authorsOf(rows));
  return { ...rating, verifiedCount: rows.filter((r) => r.customerId && marks.has(r.customerId)).length, reviews: rows.map((r) => withMark(r, marks)) };
}

/**
 * The stored sum and count change of a review write: a new review adds its rating, an edit the difference; an
 * edited hidden review stays hidden (editing is no way round moderation) and out of the sums.
 */
const ratingChange = (before: repo.ReviewBefore, rating: number) => ({ sum: before?.hiddenAt ? 0 : rating - (before?.rating ?? 0), count: before ? 0 : 1 });
const averageOf = (sums: { sum: number; count: number }) => (sums.count ? Math.round((sums.sum / sums.count) * 10) / 10 : 0);

/**
 * One review per customer per product, and the product's stored sum and count kept with it in one transaction.
 * The product row is locked first, so racing reviews of one product (by anyone) apply one after another.
 */
async function saveProductReview(db: Db, review: repo.NewReview & { productId: string }) {
  const saved = await db.transaction(async (tx) => {
    if (!(await lockProductForRating(tx, review.productId))) return undefined;
    const before = await repo.findOwnReview(tx, 'product', review.productId, review.customerId);
    const row = await repo.upsertReview(tx, 'product', review);
    return { review: row, ...(await addToProductRating(tx, review.productId, ratingChange(before, review.rating))) };
  });
  if (!saved) throw notFound(MSG.productNotFound);
  return { review: toWireProductReview(saved.review), average: averageOf(saved), count: saved.count };
}

/** As saveProductReview, for a vendor the public may see (the vendor row locked first). */
async function saveVendorReview(db: Db, review: repo.NewReview & { vendorId: string }) {
  const saved = await db.transaction(async (tx) => {
    if (!(await lockVendorForRating(tx, review.vendorId, true))) return undefined;
    const before = await repo.findOwnReview(tx, 'vendor', review.vendorId, review.customerId);
    const row = await repo.upsertReview(tx, 'vendor', review);
    return { review: row, ...(await addToVendorRating(tx, review.vendorId, ratingChange(before, review.rating))) };
  });
  if (!saved) throw notFound(MSG.noVendorFound);
  return { review: toWireVendorReview(saved.review), average: averageOf(saved), count: saved.count };
}

/** Saves a product review (a second one edits the first); the answer carries its mark and the new counts. */
export async function reviewProduct(db: Db, review: repo.NewReview & { productId: string }) {
  const saved = await saveProductReview(db, review);
  const marks = await productMarks(db, review.productId, await repo.listReviewerIds(db, 'product', review.productId));
  return { ...saved, review: withMark({ customerId: review.customerId, review: saved.review }, marks), verifiedCount: marks.size };
}

/** Saves a vendor review (a second one edits the first); the answer carries its mark and the new counts. */
export async function reviewVendor(db: Db, review: repo.NewReview & { vendorId: string }) {
  const saved = await saveVendorReview(db, review);
  const marks = await vendorMarks(db, review.vendorId, await repo.listReviewerIds(db, 'vendor', review.vendorId));
  return { ...saved, review: withMark({ customerId: review.customerId, review: saved.review }, marks), verifiedCount: marks.size };
}

/**
 * A customer reports someone else's review to the operators. Reporting twice (or 40 times at once) keeps one
 * report and answers the same; a hidden review cannot be reported (it is not shown to anyone).
 */
export async function reportReview(db: Db, report: { kind: ReviewKind; reviewId: string; customerId: string; reason: string | null }) {
  const author = await repo.findReviewAuthor(db, report.kind, report.reviewId);
  if (!author || author.hiddenAt) throw notFound(REPORT_MSG.notFound);
  if (author.customerId === report.customerId) throw new AppError('FORBIDDEN', REPORT_MSG.ownReview);
  await repo.insertReport(db, report);
}

/** The logged-in vendor's stored average and count and its latest `limit` reviews (its dashboard), without marks. */
export async function reviewsReceived(db: Db, vendorId: string, limit?: number): Promise<VendorReviewsReceived> {
  const rating = await ratingOf(db, vendorId);
  const rows = await listShownVendorReviews(db, vendorId, limit);
  return { ...rating, reviews: rows.map((r) => r.review) };
}

// Moderation: a flow hides and shows reviews (and the ops module audits it) in one transaction through these.

/**
 * A review and its product's or vendor's row, locked in the review write's order (the product or vendor first, then
 * the review), so a hide and a racing edit or second hide apply one after another. Undefined for an unknown id.
 */
export async function lockReview(tx: Tx, kind: ReviewKind, id: string) {
  if (kind === 'product') {
    const productId = await repo.findSubjectOfReview(tx, 'product', id);
    if (!productId) return undefined;
    await lockProductForRating(tx, productId);
    return repo.lockReview(tx, 'product', id);
  }
  const vendorId = await repo.findSubjectOfReview(tx, 'vendor', id);
  if (!vendorId) return undefined;
  await lockVendorForRating(tx, vendorId, false);
  return repo.lockReview(tx, 'vendor', id);
}
export type LockedReview = NonNullable<Awaited<ReturnType<typeof lockReview>>>;

/** Hides or shows a locked review and takes its rating out of (or back into) the stored sum and count. */
export async function setLockedReviewHidden(tx: Tx, review: LockedReview, hidden: boolean, reason: string | null) {
  const sign = hidden ? -1 : 1;
  const change = { sum: sign * review.rating, count: sign };
  if ('productId' in review) {
    const after = await repo.setReviewHidden(tx, 'product', review.id, hidden, reason);
    return { review: after, ...(await addToProductRating(tx, review.productId, change)) };
  }
  const after = await repo.setReviewHidden(tx, 'vendor', review.id, hidden, reason);
  return { review: after, ...(await addToVendorRating(tx, review.vendorId, change)) };
}
