import type { customers, productReviews, vendorReviews } from '../db/schema/index.ts';
import { PRODUCT_COMMENTS, PRODUCT_PRAISE, SELLER_PRAISE, VENDOR_COMMENTS } from './data/review-comments.ts';
import type { ProductRow } from './build-products.ts';
import { DEMO_PRO_EMAIL, type Professional, type VendorRow } from './build-vendors.ts';
import { SEED_BASE_DATE, daysBeforeBase, daysBetween, type Random } from './random.ts';

export type CustomerRow = typeof customers.$inferInsert & { id: string; fullName: string };
export type ProductReviewRow = typeof productReviews.$inferInsert;
export type VendorReviewRow = typeof vendorReviews.$inferInsert;

type Stars = 1 | 2 | 3 | 4 | 5;

/** How a listing tends to be rated: most are liked, some divide opinion. */
const TIERS: Record<'great' | 'good' | 'mixed', readonly (readonly [Stars, number])[]> = {
  great: [[5, 62], [4, 30], [3, 6], [2, 1], [1, 1]],
  good: [[5, 42], [4, 36], [3, 13], [2, 6], [1, 3]],
  mixed: [[5, 22], [4, 28], [3, 24], [2, 14], [1, 12]],
};

function pickTier(rng: Random) {
  return TIERS[rng.weighted([['great', 35], ['good', 45], ['mixed', 20]] as const)];
}

/** A comment that fits the stars, and that this product or vendor has not received already. */
function comment(
  rng: Random, stars: Stars, generic: Record<Stars, readonly string[]>, praise: readonly string[], used: Set<string>,
): string {
  let text = '';
  for (let attempt = 0; attempt < 6; attempt++) {
    const plain = rng.pick(generic[stars]);
    const roll = stars < 4 || praise.length === 0 ? 1 : rng.next();
    text = roll < 0.4 ? rng.pick(praise) : roll < 0.65 ? `${rng.pick(praise)} ${plain}` : plain;
    if (!used.has(text)) break;
  }
  used.add(text);
  return text;
}

/** A moment after `since` and before the base date. */
function reviewDate(rng: Random, since: Date): Date {
  const age = Math.max(2, daysBetween(SEED_BASE_DATE, since));
  return daysBeforeBase(rng, rng.int(1, age - 1));
}

export interface ReviewContext {
  rng: Random;
  ids: Random;
  /** Customers who write the bulk of the reviews. */
  reviewers: CustomerRow[];
}

export function buildProductReviews({ rng, ids, reviewers }: ReviewContext, rows: ProductRow[]): ProductReviewRow[] {
  const reviews: ProductReviewRow[] = [];
  for (const product of rows) {
    if (rng.chance(0.13)) continue; // "No reviews yet" states exist on purpose.
    const tier = pickTier(rng);
    const count = rng.weighted([[1, 3], [2, 4], [3, 4], [4, 3], [5, 2], [6, 1], [8, 1]] as const);
    const used = new Set<string>();
    for (const customer of rng.sample(reviewers, count)) {
      const stars = rng.weighted(tier);
      reviews.push({
        id: ids.uuid(),
        productId: product.id,
        customerId: customer.id,
        customerName: customer.fullName,
        rating: stars,
        comment: comment(rng, stars, PRODUCT_COMMENTS, PRODUCT_PRAISE[product.category], used),
        createdAt: reviewDate(rng, product.createdAt),
      });
    }
  }
  return reviews;
}

export function buildVendorReviews(
  { rng, ids, reviewers }: ReviewContext, professionals: Professional[], sellers: VendorRow[],
): VendorReviewRow[] {
  const reviews: VendorReviewRow[] = [];
  const write = (vendor: VendorRow, count: number, tier: (typeof TIERS)[keyof typeof TIERS], praise: readonly string[]) => {
    const used = new Set<string>();
    for (const customer of rng.sample(reviewers, count)) {
      const stars = rng.weighted(tier);
      reviews.push({
        id: ids.uuid(),
        vendorId: vendor.id,
        customerId: customer.id,
        customerName: customer.fullName,
        rating: stars,
        comment: comment(rng, stars, VENDOR_COMMENTS, praise, used),
        createdAt: reviewDate(rng, vendor.createdAt),
      });
    }
  };
  const unreviewed = new Set(rng.sample(professionals.filter((p) => p.row.email !== DEMO_PRO_EMAIL), 3));
  for (const p of professionals) {
    if (unreviewed.has(p)) continue;
    if (p.row.email === DEMO_PRO_EMAIL) write(p.row, 8, TIERS.great, p.trade.praise);
    else write(p.row, rng.int(2, 9), pickTier(rng), p.trade.praise);
  }
  for (const seller of sellers) {
    if (rng.chance(0.7)) write(seller, rng.int(1, 4), pickTier(rng), SELLER_PRAISE);
  }
  return reviews;
}
