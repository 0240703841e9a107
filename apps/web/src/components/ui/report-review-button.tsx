import { useState } from 'react';
import type { ReviewKind, ReviewReportBody } from '@nirmaan/shared/cart';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, failureText } from '../../lib/api.ts';
import { term } from '../../lib/terms.ts';
import { useStoredUser } from '../../lib/session.ts';
import { useToast } from './toast.tsx';

/**
 * A small Report link beside a review (product and vendor pages). Review lists are public, cached answers that
 * do not say who wrote each review, so the link is left out where the author's name is the logged-in customer's
 * own; the server refuses a customer's own review whatever the name.
 */
export function ReportReviewButton({ kind, reviewId, authorName }: { kind: ReviewKind; reviewId: string; authorName: string }) {
  const { userId, userName } = useStoredUser();
  const toast = useToast();
  const { i18n, t } = useLingui();
  const [state, setState] = useState<'idle' | 'sending' | 'reported'>('idle');
  if (userId && userName && userName === authorName) return null;
  if (state === 'reported') return <span className="small text-body-secondary"><Trans>Reported</Trans></span>;

  const report = async () => {
    // Its texts and schema come with the first click: the reviews of a server-rendered page need no zod to show.
    const { REPORT_MSG, ZReviewReportResponse } = await import('@nirmaan/shared/cart');
    if (!userId) {
      toast(term(i18n, REPORT_MSG.loginRequired), 'warning');
      return;
    }
    setState('sending');
    try {
      await api(`/api/reviews/${encodeURIComponent(reviewId)}/report`, { method: 'POST', json: { kind } satisfies ReviewReportBody }, ZReviewReportResponse);
      setState('reported');
      toast(term(i18n, REPORT_MSG.reported), 'success');
    } catch (err) {
      setState('idle');
      toast(failureText(err, t`The review could not be reported. Please try again.`, t`Server error. Try again later.`), 'danger');
    }
  };

  return (
    <button type="button" className="btn btn-link btn-sm p-0 small text-body-secondary" disabled={state === 'sending'} onClick={() => void report()}>
      <Trans>Report</Trans>
    </button>
  );
}
