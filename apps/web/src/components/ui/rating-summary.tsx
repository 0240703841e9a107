import { Stars } from './stars.tsx';

/** Average of the stored reviews with their count; no number is invented when there are none. */
export function RatingSummary({ rating, count, long = false }: { rating: number | null; count: number; long?: boolean }) {
  if (rating === null || count === 0) return <span className="text-body-secondary small">No ratings yet</span>;
  const noun = count === 1 ? 'review' : 'reviews';
  return (
    <span className="d-inline-flex align-items-center gap-1 small">
      <Stars rating={rating} />
      <span className="fw-semibold">{rating.toFixed(1)}</span>
      <span className="text-body-secondary">
        {long ? `(${count} ${noun})` : <>({count}<span className="visually-hidden"> {noun}</span>)</>}
      </span>
    </span>
  );
}
