import { useState } from 'react';
import { MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { ReviewItem } from '../../../components/ui/review-item.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useProductReviews, useSubmitProductReview } from '../api/products.ts';
import { ReviewForm, useReviewSubmit } from '../../../components/ui/review-form.tsx';

/** Reviews tab: the list, and the Write a Review toggle (the spec's Product page screen). */
export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  const submitReview = useSubmitProductReview();
  const [formOpen, setFormOpen] = useState(false);
  const { i18n, t } = useLingui();
  const review = useReviewSubmit((r) => submitReview.mutateAsync({ ...r, productId }), () => setFormOpen(false));

  const toggleForm = () => {
    if (review.askToLogIn()) setFormOpen((open) => !open);
  };

  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex justify-content-between align-items-center gap-2">
        <h2 className="h5 mb-0"><Trans>Customer reviews</Trans></h2>
        <button type="button" className="btn btn-outline-primary btn-sm" aria-expanded={formOpen} onClick={toggleForm}>
          {formOpen ? t`Cancel` : t`Write a Review`}
        </button>
      </div>
      {formOpen ? (
        <ReviewForm submitting={submitReview.isPending} onSubmit={review.submit} onIncomplete={review.onIncomplete} />
      ) : null}
      {reviews.isPending ? (
        <Loading text={t`Loading reviews...`} />
      ) : reviews.isError ? (
        <ErrorState><Trans>Reviews could not be loaded. Please try again.</Trans></ErrorState>
      ) : reviews.data.length === 0 ? (
        <p className="text-body-secondary mb-0">{term(i18n, MSG.noReviewsYet)}</p>
      ) : (
        <ul className="list-unstyled mb-0 d-flex flex-column gap-3">
          {reviews.data.map((review) => <ReviewItem key={review._id} review={review} kind="product" />)}
        </ul>
      )}
    </div>
  );
}
