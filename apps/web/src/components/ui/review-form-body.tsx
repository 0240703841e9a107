import { useId, type FormEvent } from 'react';
import { z } from 'zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { RATINGS, REVIEW_INCOMPLETE, ZProductReviewBody, type Rating } from '@nirmaan/shared/cart';
import { useZodForm } from './form.tsx';
import { RatingInput } from './rating-input.tsx';

/** The stars (0 until picked) and the words, checked with the review call's own rules. */
const reviewForm = z.object({
  rating: z.number().pipe(z.literal(RATINGS, REVIEW_INCOMPLETE)),
  comment: ZProductReviewBody.shape.comment,
});

export interface ReviewFormProps {
  submitting: boolean;
  /** Checked first (the visitor gets the log-in message, not the validation one). */
  canSubmit?: () => boolean;
  /** Resolves true when the review was stored, so the form can clear itself. */
  onSubmit: (review: { rating: Rating; comment: string }) => Promise<boolean>;
  /** Called instead of onSubmit when the rating or comment is missing. */
  onIncomplete: () => void;
}

export default function ReviewFormBody({ submitting, canSubmit = () => true, onSubmit, onIncomplete }: ReviewFormProps) {
  const form = useZodForm(reviewForm, { defaultValues: { rating: 0, comment: '' } });
  const commentId = useId();
  const { t } = useLingui();

  const store = async (review: z.output<typeof reviewForm>) => {
    if (await onSubmit(review)) form.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit()) void form.handleSubmit(store, onIncomplete)(e);
  };

  return (
    <form className="card card-body bg-body-tertiary border-0 d-flex flex-column gap-3" onSubmit={submit} noValidate>
      <RatingInput value={form.watch('rating') as Rating | 0} onChange={(rating) => form.setValue('rating', rating)} />
      <div>
        <label htmlFor={commentId} className="form-label"><Trans>Your review</Trans></label>
        <textarea
          id={commentId}
          className="form-control"
          rows={3}
          maxLength={2000}
          placeholder={t`What did you like or dislike?`}
          {...form.register('comment')}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? t`Submitting...` : t`Submit Review`}
        </button>
      </div>
    </form>
  );
}
