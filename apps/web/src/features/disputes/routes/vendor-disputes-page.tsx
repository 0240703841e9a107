import { useState } from 'react';
import { DISPUTE_REASON_LABELS, type Dispute } from '@nirmaan/shared/disputes';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import { useAnswerDispute, useVendorDisputes } from '../api/disputes.ts';

const STATUS: Record<Dispute['status'], string> = { open: 'Awaiting your answer', answered: 'Answered', refunded: 'Refunded', rejected: 'Rejected' };

function AnswerForm({ dispute }: { dispute: Dispute }) {
  const [text, setText] = useState('');
  const answer = useAnswerDispute();
  const toast = useToast();
  return (
    <form className="d-flex flex-column gap-2" onSubmit={(e) => {
      e.preventDefault();
      answer.mutate({ id: dispute.id, text }, {
        onSuccess: () => toast('Your answer is sent to the customer and to support.', 'success'),
        onError: (err) => toast(failureText(err, 'Your answer could not be sent.'), 'danger'),
      });
    }}>
      <label className="form-label small fw-semibold mb-0" htmlFor={`answer-${dispute.id}`}>Your answer</label>
      <textarea id={`answer-${dispute.id}`} className="form-control form-control-sm" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn-primary btn-sm align-self-start" disabled={answer.isPending}>Send answer</button>
    </form>
  );
}

/** /vendor/disputes: customers' reported problems with this vendor's lines and bookings, each answered once. */
export function Component() {
  const list = useVendorDisputes();
  if (list.isPending) return <Loading text="Loading disputes..." />;
  if (list.isError) return <ErrorState>Disputes could not be loaded. Please try again.</ErrorState>;
  return (
    <>
      <h1 className="h3 mb-3">Disputes</h1>
      {list.data.disputes.length === 0 ? <EmptyState>No disputes. When a customer reports a problem, it shows here for you to answer.</EmptyState> : null}
      <ul className="list-unstyled d-flex flex-column gap-3">
        {list.data.disputes.map((d) => (
          <li key={d.id} className="card" data-testid="vendor-dispute">
            <div className="card-body d-flex flex-column gap-1">
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <strong>{d.subject}</strong><span className="badge text-bg-secondary">{STATUS[d.status]}</span>
                <span className="small text-body-secondary">{d.customerName} · {DISPUTE_REASON_LABELS[d.reason]} · {formatDate(d.createdAt)}</span>
              </div>
              <p className="mb-0">{d.text}</p>
              {d.vendorAnswer ? <p className="mb-0 small">Your answer: {d.vendorAnswer}</p> : null}
              {d.resolutionReason ? <p className="mb-0 small">Support: {d.resolutionReason}{d.refundedPaise > 0 ? ` (refunded ${formatPaise(d.refundedPaise)})` : ''}</p> : null}
              {d.status === 'open' ? <AnswerForm dispute={d} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
