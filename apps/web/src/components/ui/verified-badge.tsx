import type { ReviewVerified } from '@nirmaan/shared/api';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

const LABEL = { purchase: msg`Verified purchase`, booking: msg`Verified booking` } as const;

/** Beside a review whose author received the product or had a Completed booking; nothing otherwise. */
export function VerifiedBadge({ verified }: { verified: ReviewVerified }) {
  const { i18n } = useLingui();
  if (!verified) return null;
  return <span className="badge rounded-pill text-bg-success-subtle text-success-emphasis border border-success-subtle fw-normal">✓ {i18n._(LABEL[verified])}</span>;
}
