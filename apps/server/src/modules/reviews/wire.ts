import type { ProductReview, VendorReview } from '@nirmaan/shared';
import type { productReviews, vendorReviews } from '../../db/schema/reviews.ts';

/** Review rows → the spec's wire field names. The only place this mapping lives. */

export function toWireProductReview(r: typeof productReviews.$inferSelect): ProductReview {
  return {
    _id: r.id,
    productId: r.productId,
    customerName: r.customerName,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toWireVendorReview(r: typeof vendorReviews.$inferSelect): VendorReview {
  return {
    _id: r.id,
    customerName: r.customerName,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  };
}
