import type { ReviewVerified } from '@nirmaan/shared/api';

const LABEL = { purchase: 'Verified purchase', booking: 'Verified booking' } as const;

/** Beside a review whose author received the product or had a Completed booking; nothing otherwise. */
export function VerifiedBadge({ verified }: { verified: ReviewVerified }) {
  if (!verified) return null;
  return <span className="badge rounded-pill text-bg-success-subtle text-success-emphasis border border-success-subtle fw-normal">✓ {LABEL[verified]}</span>;
}
