import type { ProductReview, ReviewVerified, VendorReview, VendorReviewsReceived } from '@nirmaan/shared';
import { REPORT_MSG, type ReviewKind } from '@nirmaan/shared/cart';
import type { Db } from '../../db/client.ts';
import { customersWithCompletedBooking } from '../bookings/service.ts';
import { addProductReview, findProductReviewAuthor, listProductReviewerIds, listProductReviews, listShownProductReviews } from '../catalogue/service.ts';
import { customersWhoReceivedFromVendor, customersWhoReceivedProduct } from '../orders/service.ts';
import { addVendorReview, findVendorReviewAuthor, listVendorReviewerIds, listVendorReviews, reviewsReceivedWithAuthors } from '../vendors/service.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

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
  return (await productMarks(db, productId, await listProductReviewerIds(db, productId))).size;
}

/** How many of a vendor's `reviewCount` reviews are verified; no query when there are none. */
export async function countVerifiedVendorReviews(db: Db, vendorId: string, reviewCount: number) {
  if (reviewCount === 0) return 0;
  return (await vendorMarks(db, vendorId, await listVendorReviewerIds(db, vendorId))).size;
}

/** The logged-in vendor's reviews with their marks and the verified count beside the stored average. */
export async function reviewsReceivedMarked(db: Db, vendorId: string): Promise<VendorReviewsReceived> {
  const { rating, rows } = await reviewsReceivedWithAuthors(db, vendorId);
  const marks = await vendorMarks(db, vendorId, authorsOf(rows));
  return { ...rating, verifiedCount: rows.filter((r) => r.customerId && marks.has(r.customerId)).length, reviews: rows.map((r) => withMark(r, marks)) };
}

type NewReview = { customerId: string; customerName: string; rating: number; comment: string };

/** Saves a product review (a second one edits the first); the answer carries its mark and the new counts. */
export async function reviewProduct(db: Db, review: NewReview & { productId: string }) {
  const saved = await addProductReview(db, review);
  const marks = await productMarks(db, review.productId, await listProductReviewerIds(db, review.productId));
  return { ...saved, review: withMark({ customerId: review.customerId, review: saved.review }, marks), verifiedCount: marks.size };
}

/** Saves a vendor review (a second one edits the first); the answer carries its mark and the new counts. */
export async function reviewVendor(db: Db, review: NewReview & { vendorId: string }) {
  const saved = await addVendorReview(db, review);
  const marks = await vendorMarks(db, review.vendorId, await listVendorReviewerIds(db, review.vendorId));
  return { ...saved, review: withMark({ customerId: review.customerId, review: saved.review }, marks), verifiedCount: marks.size };
}

/**
 * A customer reports someone else's review to the operators. Reporting twice (or 40 times at once) keeps one
 * report and answers the same; a hidden review cannot be reported (it is not shown to anyone).
 */
export async function reportReview(db: Db, report: { kind: ReviewKind; reviewId: string; customerId: string; reason: string | null }) {
  const author = report.kind === 'product' ? await findProductReviewAuthor(db, report.reviewId) : await findVendorReviewAuthor(db, report.reviewId);
  if (!author || author.hiddenAt) throw notFound(REPORT_MSG.notFound);
  if (author.customerId === report.customerId) throw new AppError('FORBIDDEN', REPORT_MSG.ownReview);
  await repo.insertReport(db, report);
}
