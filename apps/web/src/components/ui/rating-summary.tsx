import { Plural, Trans } from '@lingui/react/macro';
import { Stars } from './stars.tsx';

/**
 * "12 reviews, 5 verified": how many of the reviews are by customers who received the product or had a Completed
 * booking, with each language's plural forms. With none verified it reads "12 reviews"; the reviews themselves then
 * carry no badge either.
 */
export function ReviewCount({ count, verified }: { count: number; verified?: number }) {
  return (
    <>
      <Plural value={count} one="# review" other="# reviews" />
      {verified ? <>, <Plural value={verified} one="# verified" other="# verified" /></> : null}
    </>
  );
}

/**
 * Average of the stored reviews with their count (and, in the long form, how many are verified); no number
 * is invented when there are none.
 */
export function RatingSummary({ rating, count, verified, long = false }: { rating: number | null; count: number; verified?: number; long?: boolean }) {
  if (rating === null || count === 0) return <span className="text-body-secondary small"><Trans>No ratings yet</Trans></span>;
  return (
    <span className="d-inline-flex align-items-center gap-1 small">
      <Stars rating={rating} />
      <span className="fw-semibold">{rating.toFixed(1)}</span>
      <span className="text-body-secondary">
        {long ? <>(<ReviewCount count={count} verified={verified} />)</> : <>({count}<span className="visually-hidden"> <Plural value={count} one="review" other="reviews" /></span>)</>}
      </span>
    </span>
  );
}
