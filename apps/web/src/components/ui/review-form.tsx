import { useId, useState, type FormEvent } from 'react';
import type { Rating } from '@nirmaan/shared/cart';
import { RatingInput } from './rating-input.tsx';

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
