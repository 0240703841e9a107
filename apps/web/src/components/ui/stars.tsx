import { useLingui } from '@lingui/react/macro';

/** Full, half (fraction ≥ 0.5) and empty stars out of 5 (the spec's Vendor profile screen). */
export function starParts(rating: number) {
  const clamped = Math.max(0, Math.min(5, rating));
  const full = Math.floor(clamped);
  const half = clamped - full >= 0.5 ? 1 : 0;
  return { full, half, empty: 5 - full - half };
}

export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const { full, half, empty } = starParts(rating);
  const { t } = useLingui();
  const value = rating.toFixed(1);
  return (
    <span className={`stars text-warning ${className}`} role="img" aria-label={t`Rated ${value} out of 5`}>
      {'★'.repeat(full)}
      {half ? <span className="star-half">★</span> : null}
      <span className="text-body-tertiary">{'★'.repeat(empty)}</span>
    </span>
  );
}
