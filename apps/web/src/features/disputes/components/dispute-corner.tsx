import { lazy, Suspense, useState } from 'react';
import { DISPUTE_REASON_LABELS, type Dispute } from '@nirmaan/shared/disputes';
import { formatPaise } from '@nirmaan/shared/money';
import { useMyDisputes } from '../api/disputes.ts';

const ReportProblemForm = lazy(() => import('./report-problem-form.tsx'));

const STATUS_TEXT: Record<Dispute['status'], string> = {
  open: 'Problem reported: waiting for the seller',
  answered: 'Problem reported: the seller answered; support will decide',
  refunded: 'Problem resolved',
  rejected: 'Problem closed without a refund',
};

export interface DisputeTarget { lineId?: string; bookingId?: string; kind: 'line' | 'booking' }

/** The latest dispute of a line or booking, as the customer follows it. */
function DisputeState({ dispute }: { dispute: Dispute }) {
  return (
    <div className="small w-100" data-testid="dispute-state">
      <span className="fw-semibold">{STATUS_TEXT[dispute.status]}</span> · {DISPUTE_REASON_LABELS[dispute.reason]}
      {dispute.refundedPaise > 0 ? <span className="badge text-bg-success ms-2">Refunded {formatPaise(dispute.refundedPaise)}</span> : null}
      {dispute.vendorAnswer ? <p className="mb-0 text-body-secondary">Seller: {dispute.vendorAnswer}</p> : null}
      {dispute.resolutionReason ? <p className="mb-0 text-body-secondary">Support: {dispute.resolutionReason}</p> : null}
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
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setReporting(true)}>Report a problem</button>
      ) : null}
      {reporting ? (
        <Suspense fallback={<span className="small">Loading…</span>}>
          <ReportProblemForm target={target} onDone={() => setReporting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
