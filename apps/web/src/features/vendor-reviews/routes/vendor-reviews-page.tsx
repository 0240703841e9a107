import { RatingSummary } from '../../../components/ui/rating-summary.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFailureText } from '../../../lib/portal-words.ts';
import { useDateLocale } from '../../../lib/i18n.ts';
import { formatDate } from '@nirmaan/shared/dates';
import { useReviewsReceived } from '../api/vendor-reviews.ts';

/** Reviews received (/vendor/reviews): read-only, newest first, with the average customers see. */
export function Component() {
  const reviews = useReviewsReceived();
  const { t } = useLingui();
  const failureText = useFailureText();
  const dateLocale = useDateLocale();
  return (
    <section className="container">
      <h1 className="h3 mb-3"><Trans>Reviews</Trans></h1>
      {reviews.isPending ? <Loading text={t`Loading reviews...`} />
        : reviews.isError ? <ErrorState>{failureText(reviews.error, t`Could not load your reviews.`)}</ErrorState>
          : reviews.data.count === 0 ? <EmptyState><Trans>No reviews yet. Customers can review you from your profile page.</Trans></EmptyState>
            : (
              <>
                <p className="mb-3" data-testid="reviews-average"><RatingSummary rating={reviews.data.average} count={reviews.data.count} verified={reviews.data.verifiedCount} long /></p>
                <ul className="list-unstyled d-grid gap-3 mb-0">
                  {reviews.data.reviews.map((r) => (
                    <li key={r._id} className="card" data-testid="vendor-review">
                      <div className="card-body">
                        <div className="d-flex justify-content-between flex-wrap gap-2">
                          <span><span className="fw-semibold">{r.customerName}</span> <Stars rating={r.rating} /> <VerifiedBadge verified={r.verified} /></span>
                          <span className="small text-body-secondary">{formatDate(r.createdAt, dateLocale)}</span>
                        </div>
                        <p className="mb-0 mt-2">{r.comment}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </>
            )}
    </section>
  );
}
