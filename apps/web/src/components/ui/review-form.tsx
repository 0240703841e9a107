import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Rating } from '@nirmaan/shared/cart';
import { MSG } from '@nirmaan/shared/messages';
import { useStoredUser } from '../../lib/session.ts';
import { term } from '../../lib/terms.ts';
import type { ReviewFormProps } from './review-form-body.tsx';
import { useToast } from './toast.tsx';

export const REVIEW_INCOMPLETE = 'Please provide a rating and comment.';

const ReviewFormBody = lazy(() => import('./review-form-body.tsx'));

/**
 * The Write a Review form. Its module, with the form library and the review's schema, loads where the form shows:
 * the product and vendor pages load no schema before their first call (decision 023).
 */
export function ReviewForm(props: ReviewFormProps) {
  return <Suspense fallback={null}><ReviewFormBody {...props} /></Suspense>;
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
  const { i18n, t } = useLingui();
  const askToLogIn = () => {
    if (userId) return true;
    toast(term(i18n, MSG.loginToReview), 'warning');
    return false;
  };
  const submit = async ({ rating, comment }: { rating: Rating; comment: string }) => {
    if (!askToLogIn() || !userId) return false;
    try {
      await store({ userId, customerName: userName ?? 'Customer', rating, comment });
      toast(t`Review submitted successfully!`, 'success');
      onStored?.();
      return true;
    } catch {
      toast(t`Failed to submit review.`, 'danger');
      return false;
    }
  };
  return { submit, askToLogIn, onIncomplete: () => toast(term(i18n, REVIEW_INCOMPLETE), 'warning') };
}
