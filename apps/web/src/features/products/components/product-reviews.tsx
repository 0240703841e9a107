import { useState } from 'react';
import type { Rating } from '@nirmaan/shared/cart';
import { MSG } from '@nirmaan/shared/messages';
import { ReviewItem } from '../../../components/ui/review-item.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useStoredUser } from '../../../lib/session.ts';
import { useProductReviews, useSubmitProductReview } from '../api/products.ts';
import { REVIEW_INCOMPLETE, ReviewForm } from '../../../components/ui/review-form.tsx';

/** Reviews tab: the list, and the Write a Review toggle (SPEC.md §4 Product page). */
export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  const submitReview = useSubmitProductReview();
  const { userId, userName } = useStoredUser();
  const toast = useToast();
  const [formOpen, setFormOpen] = useState(false);

  const toggleForm = () => {
    if (!userId) {
      toast(MSG.loginToReview, 'warning');
      return;
    }
    setFormOpen((open) => !open);
  };

  const submit = async ({ rating, comment }: { rating: Rating; comment: string }) => {
    if (!userId) {
      toast(MSG.loginToReview, 'warning');
      return false;
    }
    try {
      await submitReview.mutateAsync({ userId, productId, customerName: userName ?? 'Customer', rating, comment });
      toast('Review submitted successfully!', 'success');
      setFormOpen(false);
      return true;
    } catch {
      toast('Failed to submit review.', 'danger');
      return false;
    }
  };

  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex justify-content-between align-items-center gap-2">
        <h2 className="h5 mb-0">Customer reviews</h2>
        <button type="button" className="btn btn-outline-primary btn-sm" aria-expanded={formOpen} onClick={toggleForm}>
          {formOpen ? 'Cancel' : 'Write a Review'}
        </button>
      </div>
      {formOpen ? (
        <ReviewForm submitting={submitReview.isPending} onSubmit={submit} onIncomplete={() => toast(REVIEW_INCOMPLETE, 'warning')} />
      ) : null}
      {reviews.isPending ? (
        <Loading text="Loading reviews..." />
      ) : reviews.isError ? (
        <ErrorState>Reviews could not be loaded. Please try again.</ErrorState>
      ) : reviews.data.length === 0 ? (
        <p className="text-body-secondary mb-0">{MSG.noReviewsYet}</p>
      ) : (
        <ul className="list-unstyled mb-0 d-flex flex-column gap-3">
          {reviews.data.map((review) => <ReviewItem key={review._id} review={review} kind="product" />)}
        </ul>
      )}
    </div>
  );
}
