import { useMemo, useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { can, VENDOR_STATUSES, type OperatorMe, type OpsVendor, type VendorStatus } from '@nirmaan/shared/ops';
import { z } from 'zod';
import { useZodForm } from '../../../components/ui/form.tsx';
import { failureText } from '../../../lib/api.ts';
import { decideVendor, useVendors, type VendorAction } from '../api/ops.ts';
import { VendorDocumentLinks } from '../components/vendor-documents.tsx';
import { VendorPayoutDetails } from '../components/vendor-payout.tsx';

const NEEDS_REASON: Record<VendorAction, boolean> = { approve: false, reject: true, suspend: true, unsuspend: false };
const ACTIONS: Record<VendorStatus, VendorAction[]> = { pending: ['approve', 'reject'], approved: ['suspend'], suspended: ['unsuspend'], rejected: [] };
const LABEL: Record<VendorAction, string> = { approve: 'Approve', reject: 'Reject', suspend: 'Suspend', unsuspend: 'Unsuspend' };
const DONE: Record<VendorAction, string> = { approve: 'approved and listed', reject: 'rejected; the vendor is mailed the reason', suspend: 'suspended and hidden from customers', unsuspend: 'listed again' };

/** A decision on one vendor: reject and suspend need a reason (mailed to the vendor), refused here without one. */
const decisionForm = (businessName: string) => z.object({
  action: z.enum(['approve', 'reject', 'suspend', 'unsuspend'] satisfies VendorAction[]),
  reason: z.string().trim(),
}).superRefine(({ action, reason }, ctx) => {
  if (NEEDS_REASON[action] && !reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: `Please write a reason to ${action} ${businessName}.` });
});

interface VendorCardProps { v: OpsVendor; mayDecide: boolean; onAct: (action: VendorAction, reason: string) => void; onRefused: (text: string) => void }

/** One vendor's profile, documents, payout KYC and (for those who may decide) the reason and the decisions its state allows. */
function VendorCard({ v, mayDecide, onAct, onRefused }: VendorCardProps) {
  const schema = useMemo(() => decisionForm(v.businessName), [v.businessName]);
  const form = useZodForm(schema, { defaultValues: { action: 'approve', reason: '' } });
  const decide = (action: VendorAction) => {
    form.setValue('action', action);
    void form.handleSubmit(({ reason }) => onAct(action, reason), (errors) => onRefused(errors.reason?.message ?? ''))();
  };
  return (
    <article className="card mb-3" data-testid="ops-vendor">
      <div className="card-body">
        <h2 className="h5 mb-1">{v.businessName} <span className="badge text-bg-secondary text-capitalize">{v.status}</span></h2>
        <p className="mb-1 small">{v.kind === 'professional' ? 'Professional' : 'Seller'} · {v.category} · {v.city} · signed up {new Date(v.createdAt).toLocaleDateString('en-IN')}</p>
        <p className="mb-1 small">{v.ownerName} · {v.email} · {v.phone}</p>
        <p className="mb-1 small">{v.businessAddress}</p>
        {v.chargeAmount !== null && <p className="mb-1 small">Charge ₹{v.chargeAmount} {v.chargeType}</p>}
        {v.description && <p className="mb-1 small text-body-secondary">{v.description}</p>}
        {v.rejectionReason && <p className="mb-1 small text-danger">Rejected: {v.rejectionReason}</p>}
        <VendorDocumentLinks documents={v.documents} />
        <VendorPayoutDetails payout={v.payout} kyc={v.payoutKyc} />
        <Link className="small" to={`/ops/money?vendorId=${v.id}`}>Transfers and ledger</Link>
        {mayDecide && ACTIONS[v.status].length > 0 && (
          <div className="d-flex flex-wrap gap-2 mt-2 align-items-center">
            {ACTIONS[v.status].some((a) => NEEDS_REASON[a]) && (
              <input className="form-control form-control-sm" style={{ maxWidth: 320 }} aria-label={`Reason for ${v.businessName}`} placeholder="Reason (mailed to the vendor)"
                {...form.register('reason')} />
            )}
            {ACTIONS[v.status].map((a) => (
              <button key={a} type="button" className={`btn btn-sm ${a === 'approve' || a === 'unsuspend' ? 'btn-success' : 'btn-outline-danger'}`} onClick={() => decide(a)}>
                {LABEL[a]}
              </button>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}

/** /ops/vendors: the approval queue (pending, oldest first) and every other state, with the decisions a role may make. */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const [params, setParams] = useSearchParams();
  const status = (VENDOR_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status') as VendorStatus : 'pending';
  const [q, setQ] = useState(params.get('q') ?? '');
  const page = Number(params.get('page') ?? '1') || 1;
  const list = useVendors(status, params.get('q') ?? '', page);
  const client = useQueryClient();
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const mayDecide = can(op.role, 'decideVendors');

  const act = async (v: OpsVendor, action: VendorAction, reason: string) => {
    try {
      await decideVendor(v.id, action, reason);
      setNotice({ kind: 'success', text: `${v.businessName} is ${DONE[action]}.` });
    } catch (err) {
      setNotice({ kind: 'danger', text: failureText(err, 'That did not work.') });
    }
    await client.invalidateQueries({ queryKey: ['ops'] });
  };

  return (
    <>
      <h1 className="h3 mb-3">Vendors</h1>
      <ul className="nav nav-pills mb-3">
        {VENDOR_STATUSES.map((s) => (
          <li className="nav-item" key={s}>
            <button type="button" className={`nav-link text-capitalize ${s === status ? 'active' : ''}`} onClick={() => setParams({ status: s })}>
              {s === 'pending' ? 'Approval queue' : s}
            </button>
          </li>
        ))}
      </ul>
      <form className="d-flex gap-2 mb-3" role="search" onSubmit={(e) => { e.preventDefault(); setParams({ status, q }); }}>
        <input className="form-control" style={{ maxWidth: 360 }} aria-label="Search vendors" placeholder="Name, owner, email or city" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="btn btn-outline-secondary">Search</button>
      </form>
      {notice && <div className={`alert alert-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>{notice.text}</div>}
      {list.isPending && <p>Loading…</p>}
      {list.isError && <div className="alert alert-danger" role="alert">{list.error.message}</div>}
      {list.data && list.data.vendors.length === 0 && <p className="text-body-secondary">No vendors here.</p>}
      {list.data && list.data.vendors.map((v) => (
        <VendorCard
          key={v.id} v={v} mayDecide={mayDecide} onAct={(a, reason) => void act(v, a, reason)}
          onRefused={(text) => setNotice({ kind: 'danger', text })}
        />
      ))}
      {list.data && list.data.pages > 1 && (
        <nav aria-label="Pages" className="d-flex gap-2">
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => setParams({ status, q, page: String(page - 1) })}>Previous</button>
          <span className="small align-self-center">Page {list.data.page} of {list.data.pages}</span>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page >= list.data.pages} onClick={() => setParams({ status, q, page: String(page + 1) })}>Next</button>
        </nav>
      )}
    </>
  );
}
