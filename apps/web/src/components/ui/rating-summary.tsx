import { Stars } from './stars.tsx';

/**
 * "12 reviews, 5 verified": how many of the reviews are by customers who received the product or had a Completed
 * booking. With none verified it reads "12 reviews"; the reviews themselves then carry no badge either.
 */
export const reviewCountText = (count: number, verified?: number) =>
  `${count} ${count === 1 ? 'review' : 'reviews'}${verified ? `, ${verified} verified` : ''}`;

/**
 * Average of the stored reviews with their count (and, in the long form, how many are verified); no number
 * is invented when there are none.
 */
export function RatingSummary({ rating, count, verified, long = false }: { rating: number | null; count: number; verified?: number; long?: boolean }) {
  if (rating === null || count === 0) return <span className="text-body-secondary small">No ratings yet</span>;
  const noun = count === 1 ? 'review' : 'reviews';
  return (
    <span className="d-inline-flex align-items-center gap-1 small">
      <Stars rating={rating} />
      <span className="fw-semibold">{rating.toFixed(1)}</span>
      <span className="text-body-secondary">
        {long ? `(${reviewCountText(count, verified)})` : <>({count}<span className="visually-hidden"> {noun}</span>)</>}
      </span>
    </span>
  );
}
