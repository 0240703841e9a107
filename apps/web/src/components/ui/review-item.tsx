import type { ProductReview, VendorReview } from '@nirmaan/shared/api';
import type { ReviewKind } from '@nirmaan/shared/cart';
import { formatDate } from '@nirmaan/shared/dates';
import { useDateLocale } from '../../lib/i18n.ts';
import { ReportReviewButton } from './report-review-button.tsx';
import { Stars } from './stars.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

/** One review in a public list (product and vendor pages): author, verified mark, date, Report, stars, comment. */
export function ReviewItem({ review, kind }: { review: ProductReview | VendorReview; kind: ReviewKind }) {
  const dates = useDateLocale();
  return (
    <li className="review-item">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          <span className="fw-semibold">{review.customerName}</span>
          <VerifiedBadge verified={review.verified} />
        </span>
        <span className="d-inline-flex align-items-center gap-2">
          <time className="small text-body-secondary" dateTime={review.createdAt}>{formatDate(review.createdAt, dates)}</time>
          <ReportReviewButton kind={kind} reviewId={review._id} authorName={review.customerName} />
        </span>
      </div>
      <Stars rating={review.rating} />
      <p className="mb-0 mt-1">{review.comment}</p>
    </li>
  );
}
