import { useId, useState, type FormEvent } from 'react';
import type { Rating } from '@nirmaan/shared/cart';
import { MSG } from '@nirmaan/shared/messages';
import { useStoredUser } from '../../lib/session.ts';
import { RatingInput } from './rating-input.tsx';
import { useToast } from './toast.tsx';

export const REVIEW_INCOMPLETE = 'Please provide a rating and comment.';

interface Props {
  submitting: boolean;
  /** Checked first (the visitor gets the log-in message, not the validation one). */
  canSubmit?: () => boolean;
  /** Resolves true when the review was stored, so the form can clear itself. */
  onSubmit: (review: { rating: Rating; comment: string }) => Promise<boolean>;
  /** Called instead of onSubmit when the rating or comment is missing. */
  onIncomplete: () => void;
}

export function ReviewForm({ submitting, canSubmit = () => true, onSubmit, onIncomplete }: Props) {
  const [rating, setRating] = useState<Rating | 0>(0);
  const [comment, setComment] = useState('');
  const commentId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit()) return;
    if (rating === 0 || comment.trim() === '') {
      onIncomplete();
      return;
    }
    if (await onSubmit({ rating, comment: comment.trim() })) {
      setRating(0);
      setComment('');
    }
  };

  return (
    <form className="card card-body bg-body-tertiary border-0 d-flex flex-column gap-3" onSubmit={submit} noValidate>
      <RatingInput value={rating} onChange={setRating} />
      <div>
        <label htmlFor={commentId} className="form-label">Your review</label>
        <textarea
          id={commentId}
          className="form-control"
          rows={3}
          maxLength={2000}
          placeholder="What did you like or dislike?"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Review'}
        </button>
      </div>
    </form>
  );
}

/** Who writes a review, as the review calls take it. */
export interface Reviewer { userId: string; customerName: string }

/**
 * The submit of a Write a Review form: a visitor is asked to log in; a stored review is thanked and `onStored` runs;
 * a failure says so. Resolves true when stored, so the form clears itself.
 */
export function useReviewSubmit(store: (review: Reviewer & { rating: Rating; comment: string }) => Promise<unknown>, onStored?: () => void) {
  const { userId, userName } = useStoredUser();
  const toast = useToast();
  const askToLogIn = () => {
    if (userId) return true;
    toast(MSG.loginToReview, 'warning');
    return false;
  };
  const submit = async ({ rating, comment }: { rating: Rating; comment: string }) => {
    if (!askToLogIn() || !userId) return false;
    try {
      await store({ userId, customerName: userName ?? 'Customer', rating, comment });
      toast('Review submitted successfully!', 'success');
      onStored?.();
      return true;
    } catch {
      toast('Failed to submit review.', 'danger');
      return false;
    }
  };
  return { submit, askToLogIn, onIncomplete: () => toast(REVIEW_INCOMPLETE, 'warning') };
}
