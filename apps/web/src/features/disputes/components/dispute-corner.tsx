import { lazy, Suspense, useState } from 'react';
import { DISPUTE_REASON_LABELS, type Dispute } from '@nirmaan/shared/disputes';
import { formatPaise } from '@nirmaan/shared/money';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { useMyDisputes } from '../api/disputes.ts';

const ReportProblemForm = lazy(() => import('./report-problem-form.tsx'));

const STATUS_TEXT: Record<Dispute['status'], MessageDescriptor> = {
  open: msg`Problem reported: waiting for the seller`,
  answered: msg`Problem reported: the seller answered; support will decide`,
  refunded: msg`Problem resolved`,
  rejected: msg`Problem closed without a refund`,
};

export interface DisputeTarget { lineId?: string; bookingId?: string; kind: 'line' | 'booking' }

/** The latest dispute of a line or booking, as the customer follows it. */
function DisputeState({ dispute }: { dispute: Dispute }) {
  const { i18n } = useLingui();
  const refunded = formatPaise(dispute.refundedPaise);
  return (
    <div className="small w-100" data-testid="dispute-state">
      <span className="fw-semibold">{i18n._(STATUS_TEXT[dispute.status])}</span> · {term(i18n, DISPUTE_REASON_LABELS[dispute.reason])}
      {dispute.refundedPaise > 0 ? <span className="badge text-bg-success ms-2"><Trans>Refunded {refunded}</Trans></span> : null}
      {dispute.vendorAnswer ? <p className="mb-0 text-body-secondary"><Trans>Seller: {dispute.vendorAnswer}</Trans></p> : null}
      {dispute.resolutionReason ? <p className="mb-0 text-body-secondary"><Trans>Support: {dispute.resolutionReason}</Trans></p> : null}
    </div>
  );
}

/**
 * On a My orders line or booking: its dispute's state and refund, and "Report a problem" when one can be
 * reported (shipped or delivered lines; confirmed or completed bookings) and none is open. The form is its own chunk.
 */
export function DisputeCorner({ target, eligible }: { target: DisputeTarget; eligible: boolean }) {
  const disputes = useMyDisputes();
  const [reporting, setReporting] = useState(false);
  const mine = (disputes.data?.disputes ?? []).filter((d) => (target.lineId ? d.lineId === target.lineId : d.bookingId === target.bookingId));
  const latest = mine[0];
  const open = latest && (latest.status === 'open' || latest.status === 'answered');
  return (
    <>
      {latest ? <DisputeState dispute={latest} /> : null}
      {eligible && !open && !reporting ? (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setReporting(true)}><Trans>Report a problem</Trans></button>
      ) : null}
      {reporting ? (
        <Suspense fallback={<span className="small"><Trans>Loading…</Trans></span>}>
          <ReportProblemForm target={target} onDone={() => setReporting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
