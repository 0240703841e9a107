import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DISPUTE_REASON_LABELS, type Dispute } from '@nirmaan/shared/disputes';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { useDateLocale } from '../../../lib/i18n.ts';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import { useAnswerDispute, useVendorDisputes } from '../api/disputes.ts';

const STATUS: Record<Dispute['status'], MessageDescriptor> = { open: msg`Awaiting your answer`, answered: msg`Answered`, refunded: msg`Refunded`, rejected: msg`Rejected` };

function AnswerForm({ dispute }: { dispute: Dispute }) {
  const [text, setText] = useState('');
  const answer = useAnswerDispute();
  const toast = useToast();
  const { t } = useLingui();
  const failureText = useFailureText();
  return (
    <form className="d-flex flex-column gap-2" onSubmit={(e) => {
      e.preventDefault();
      answer.mutate({ id: dispute.id, text }, {
        onSuccess: () => toast(t`Your answer is sent to the customer and to support.`, 'success'),
        onError: (err) => toast(failureText(err, t`Your answer could not be sent.`), 'danger'),
      });
    }}>
      <label className="form-label small fw-semibold mb-0" htmlFor={`answer-${dispute.id}`}><Trans>Your answer</Trans></label>
      <textarea id={`answer-${dispute.id}`} className="form-control form-control-sm" rows={2} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn-primary btn-sm align-self-start" disabled={answer.isPending}><Trans>Send answer</Trans></button>
    </form>
  );
}

/** /vendor/disputes: customers' reported problems with this vendor's lines and bookings, each answered once. */
export function Component() {
  const list = useVendorDisputes();
  const { i18n, t } = useLingui();
  const dateLocale = useDateLocale();
  if (list.isPending) return <Loading text={t`Loading disputes...`} />;
  if (list.isError) return <ErrorState><Trans>Disputes could not be loaded. Please try again.</Trans></ErrorState>;
  return (
    <>
      <h1 className="h3 mb-3"><Trans>Disputes</Trans></h1>
      {list.data.disputes.length === 0 ? <EmptyState><Trans>No disputes. When a customer reports a problem, it shows here for you to answer.</Trans></EmptyState> : null}
      <ul className="list-unstyled d-flex flex-column gap-3">
        {list.data.disputes.map((d) => (
          <li key={d.id} className="card" data-testid="vendor-dispute">
            <div className="card-body d-flex flex-column gap-1">
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <strong>{d.subject}</strong><span className="badge text-bg-secondary">{i18n._(STATUS[d.status])}</span>
                <span className="small text-body-secondary">{d.customerName} · {portalTerm(i18n, DISPUTE_REASON_LABELS[d.reason])} · {formatDate(d.createdAt, dateLocale)}</span>
              </div>
              <p className="mb-0">{d.text}</p>
              {d.vendorAnswer ? <p className="mb-0 small"><Trans>Your answer: {d.vendorAnswer}</Trans></p> : null}
              {d.resolutionReason ? <p className="mb-0 small">{d.refundedPaise > 0 ? t`Support: ${d.resolutionReason} (refunded ${formatPaise(d.refundedPaise)})` : t`Support: ${d.resolutionReason}`}</p> : null}
              {d.status === 'open' ? <AnswerForm dispute={d} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
