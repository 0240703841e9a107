import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DISPUTE_OUTCOMES, DISPUTE_REASON_LABELS, DISPUTE_STATUSES, type Dispute, type DisputeStatus, type ResolveDisputeBody } from '@nirmaan/shared/disputes';
import { paiseFromDecimal } from '@nirmaan/shared/money';
import { can, type OperatorMe } from '@nirmaan/shared/ops';
import { useZodForm } from '../../../components/ui/form.tsx';
import { failureText } from '../../../lib/api.ts';
import { resolveDispute, rupees, useOpsDisputes } from '../api/ops-support.ts';
import { useFilterParams } from '../components/support-parts.tsx';

type Notice = { kind: 'success' | 'danger'; text: string };

/** Rupees typed by support ("450" or "450.50") to paise; null when not an amount. */
const toPaise = (text: string) => (/^\d{1,9}(\.\d{1,2})?$/.test(text.trim()) ? paiseFromDecimal(text.trim()) : null);

/** The decision as support types it; a partial refund's amount that is not rupees is refused before anything is sent. */
const resolveForm = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES),
  amount: z.string(),
  reason: z.string(),
  method: z.enum(['upi', 'bank']),
  reference: z.string(),
}).superRefine((f, ctx) => {
  if (f.outcome === 'partial_refund' && toPaise(f.amount) === null) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Please enter the refund in rupees, e.g. 450 or 450.50.' });
  }
});
type ResolveValues = z.output<typeof resolveForm>;

/** The body of POST …/resolve: an amount only for a partial refund, how it was paid only for a refund paid outside. */
function resolveBody({ outcome, amount, reason, method, reference }: ResolveValues, outside: boolean): ResolveDisputeBody {
  const amountPaise = outcome === 'partial_refund' ? toPaise(amount) : null;
  return { outcome, reason, ...(amountPaise !== null ? { amountPaise } : {}), ...(outside ? { paidOutside: { method, reference } } : {}) };
}

function ResolveForm({ dispute, onNotice }: { dispute: Dispute; onNotice: (n: Notice) => void }) {
  const client = useQueryClient();
  const form = useZodForm(resolveForm, { defaultValues: { outcome: 'partial_refund', amount: '', reason: '', method: 'upi', reference: '' } });
  const outcome = form.watch('outcome');
  // Nothing was paid online (a cash sale): a refund is one support paid to the customer's UPI or bank account, recorded
  // with its reference and taken from the vendor's next transfers (decision 028).
  const cash = dispute.paidPaise === 0;
  const outside = cash && outcome !== 'reject';
  const send = async (values: ResolveValues) => {
    try {
      const done = await resolveDispute(dispute.id, resolveBody(values, outside));
      const refunded = done.paidOutside ? `Recorded ${rupees(done.refundedPaise)} paid outside Nirmaan (${done.paidOutside.method === 'upi' ? 'UPI' : 'bank'} ${done.paidOutside.reference}) for ${done.subject}.`
        : `Refunded ${rupees(done.refundedPaise)} for ${done.subject}.`;
      onNotice({ kind: 'success', text: done.refundedPaise > 0 ? refunded : `The dispute about ${done.subject} is rejected.` });
    } catch (err) {
      onNotice({ kind: 'danger', text: failureText(err, 'That did not work.') });
    }
    await client.invalidateQueries({ queryKey: ['ops', 'disputes'] });
  };
  const submit = form.handleSubmit(send, (errors) => onNotice({ kind: 'danger', text: errors.amount?.message ?? '' }));
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end mt-2">
      <select className="form-select form-select-sm w-auto" aria-label="Outcome" {...form.register('outcome')}>
        <option value="partial_refund">Partial refund</option>
        <option value="full_refund">{cash ? 'Full refund (cash sale: paid outside Nirmaan)' : `Full refund (${rupees(dispute.paidPaise - dispute.refundedPaise)})`}</option>
        <option value="reject">Reject</option>
      </select>
      {outcome === 'partial_refund' && (
        <input className="form-control form-control-sm" style={{ maxWidth: 140 }} aria-label="Refund amount in rupees" placeholder="Amount in ₹" {...form.register('amount')} />
      )}
      {outside && (
        <>
          <select className="form-select form-select-sm w-auto" aria-label="Paid to the customer by" {...form.register('method')}>
            <option value="upi">UPI</option>
            <option value="bank">Bank transfer</option>
          </select>
          <input className="form-control form-control-sm" style={{ maxWidth: 220 }} aria-label="Payment reference (UPI transaction id or bank UTR)" placeholder="UPI id or UTR" {...form.register('reference')} />
        </>
      )}
      <input className="form-control form-control-sm" style={{ maxWidth: 320 }} aria-label="Reason for the decision" placeholder="Reason" {...form.register('reason')} />
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void submit()}>Resolve</button>
    </div>
  );
}

function DisputeCard({ d, resolvable, onNotice }: { d: Dispute; resolvable: boolean; onNotice: (n: Notice) => void }) {
  const open = d.status === 'open' || d.status === 'answered';
  return (
    <li className="list-group-item" data-testid="ops-dispute" aria-label={`Dispute about ${d.subject}`}>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <strong>{d.subject}</strong>
        <span className="badge text-bg-secondary">{d.status}</span>
        <span className="small text-body-secondary">{d.customerName} vs {d.vendorName} · {DISPUTE_REASON_LABELS[d.reason]} · {new Date(d.createdAt).toLocaleDateString('en-IN')}</span>
        <span className="small">Paid {rupees(d.paidPaise)} · refunded {rupees(d.refundedPaise)}</span>
      </div>
      <p className="mb-1">{d.text}</p>
      {d.photoIds.length > 0 && <p className="small mb-1">{d.photoIds.map((id, i) => <a key={id} className="me-2" href={`/api/files/${id}`} target="_blank" rel="noreferrer">Photo {i + 1}</a>)}</p>}
      <p className="small mb-1">Vendor: {d.vendorAnswer ?? 'no answer yet'}</p>
      {d.resolutionReason && <p className="small mb-1">Decision: {d.resolutionReason}</p>}
      {open && resolvable && <ResolveForm dispute={d} onNotice={onNotice} />}
    </li>
  );
}

/** /ops/disputes: the queue of reported problems (unresolved first), each resolved with a refund or a rejection and a reason. */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const [params, set] = useFilterParams();
  const status = (params.get('status') ?? '') as DisputeStatus | '';
  const page = Number(params.get('page') ?? '1') || 1;
  const list = useOpsDisputes(status || undefined, page);
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      <h1 className="h3 mb-3">Disputes</h1>
      <select className="form-select form-select-sm w-auto mb-3" aria-label="Status" value={status} onChange={(e) => set('status', e.target.value)}>
        <option value="">All</option>
        {DISPUTE_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
      </select>
      {notice && <div className={`alert alert-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>{notice.text}</div>}
      {list.isError && <div className="alert alert-danger" role="alert">{list.error.message}</div>}
      {list.data?.disputes.length === 0 && <p className="text-body-secondary">No disputes.</p>}
      <ul className="list-group">
        {list.data?.disputes.map((d) => <DisputeCard key={d.id} d={d} resolvable={can(op.role, 'resolveDisputes')} onNotice={setNotice} />)}
      </ul>
      {list.data && list.data.pages > 1 && (
        <div className="d-flex gap-2 mt-2 small align-items-center">
          page {list.data.page} of {list.data.pages}
          {list.data.page > 1 && <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => set('page', String(page - 1))}>Previous</button>}
          {list.data.page < list.data.pages && <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => set('page', String(page + 1))}>Next</button>}
        </div>
      )}
    </>
  );
}
