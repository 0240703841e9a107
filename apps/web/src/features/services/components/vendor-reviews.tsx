import { Trans, useLingui } from '@lingui/react/macro';
import type { VendorReview } from '@nirmaan/shared/api';
import { MSG } from '@nirmaan/shared/messages';
import { ReviewCount } from '../../../components/ui/rating-summary.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { ReviewItem } from '../../../components/ui/review-item.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useSubmitVendorReview } from '../api/services.ts';
import { averageRating } from '../rating.ts';
import { term } from '../../../lib/terms.ts';
import { ReviewForm, useReviewSubmit } from '../../../components/ui/review-form.tsx';

/** Client Reviews: the average (1 decimal), each review, and the Write a Review form. */
interface Props {
  vendorId: string;
  reviews: readonly VendorReview[] | undefined;
  status: 'pending' | 'error' | 'success';
}

export function VendorReviews({ vendorId, reviews, status }: Props) {
  const { i18n, t } = useLingui();
  const average = reviews ? averageRating(reviews) : null;
  const count = reviews?.length ?? 0;
  const verified = reviews?.filter((r) => r.verified).length ?? 0;
  return (
    <section className="card" aria-labelledby="reviews-heading">
      <div className="card-body d-flex flex-column gap-3">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
          <h2 id="reviews-heading" className="h5 mb-0"><Trans>Client Reviews</Trans></h2>
          {average !== null ? (
            <div className="d-flex align-items-center gap-2">
              <span className="fs-4 fw-semibold lh-1">{average.toFixed(1)}</span>
              <Stars rating={average} />
              <span className="small text-body-secondary">(<ReviewCount count={count} verified={verified} />)</span>
            </div>
          ) : null}
        </div>
        {status === 'pending' ? (
          <Loading text={t`Loading reviews...`} />
        ) : status === 'error' || !reviews ? (
          <ErrorState><Trans>Reviews could not be loaded.</Trans></ErrorState>
        ) : reviews.length === 0 ? (
          <p className="text-body-secondary mb-0">{term(i18n, MSG.noReviewsYet)}</p>
        ) : (
          <ul className="list-unstyled mb-0 d-flex flex-column gap-3">
            {reviews.map((review) => <ReviewItem key={review._id} review={review} kind="vendor" />)}
          </ul>
        )}
        <WriteVendorReview vendorId={vendorId} />
      </div>
    </section>
  );
}

function WriteVendorReview({ vendorId }: { vendorId: string }) {
  const submitReview = useSubmitVendorReview();
  const review = useReviewSubmit((r) => submitReview.mutateAsync({ ...r, vendorids: vendorId }));
  return (
    <div className="border-top pt-3">
      <h3 className="h6"><Trans>Write a Review</Trans></h3>
      <ReviewForm submitting={submitReview.isPending} canSubmit={review.askToLogIn} onSubmit={review.submit} onIncomplete={review.onIncomplete} />
    </div>
  );
}
