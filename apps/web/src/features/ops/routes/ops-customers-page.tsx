import { useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { can, type OperatorMe } from '@nirmaan/shared/ops';
import { failureText } from '../../../lib/api.ts';
import { setBlocked, useCustomer, useCustomers } from '../api/ops.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN');

/** /ops/customers: search, a customer's orders, bookings and reviews, and block or unblock. */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const list = useCustomers(params.get('q') ?? '', Number(params.get('page') ?? '1') || 1);
  const [openId, setOpenId] = useState<string | null>(null);
  const detail = useCustomer(openId);
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);

  const toggleBlock = async (id: string, block: boolean) => {
    if (block && reason.trim().length < 3) {
      setNotice({ kind: 'danger', text: 'Please write a reason to block this customer.' });
      return;
    }
    try {
      const c = await setBlocked(id, block, block ? reason.trim() : undefined);
      setNotice({ kind: 'success', text: block ? `${c.fullName} is blocked and logged out everywhere.` : `${c.fullName} is unblocked.` });
      setReason('');
    } catch (err) {
      setNotice({ kind: 'danger', text: failureText(err, 'That did not work.') });
    }
    await client.invalidateQueries({ queryKey: ['ops'] });
  };

  return (
    <>
      <h1 className="h3 mb-3">Customers</h1>
      <form className="d-flex gap-2 mb-3" role="search" onSubmit={(e) => { e.preventDefault(); setParams({ q }); }}>
        <input className="form-control" style={{ maxWidth: 360 }} aria-label="Search customers" placeholder="Name, email or phone" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="btn btn-outline-secondary">Search</button>
      </form>
      {notice && <div className={`alert alert-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>{notice.text}</div>}
      {list.isError && <div className="alert alert-danger" role="alert">{list.error.message}</div>}
      <div className="row g-4">
        <div className="col-lg-5">
          <ul className="list-group">
            {list.data?.customers.map((c) => (
              <li key={c.id} className={`list-group-item list-group-item-action ${openId === c.id ? 'active' : ''}`}>
                <button type="button" className="btn btn-link p-0 text-reset text-start w-100 text-decoration-none" onClick={() => setOpenId(c.id)}>
                  <strong>{c.fullName}</strong> {c.blockedAt && <span className="badge text-bg-danger">Blocked</span>}
                  <br /><span className="small">{c.email} · {c.phone ?? 'no phone'} · {c.location}</span>
                </button>
              </li>
            ))}
          </ul>
          {list.data && <p className="small text-body-secondary mt-2">{list.data.total} customers</p>}
        </div>
        <div className="col-lg-7">
          {detail.data && (
            <section aria-label="Customer">
              <h2 className="h4">{detail.data.customer.fullName}</h2>
              <p className="small">{detail.data.customer.email} · joined {day(detail.data.customer.createdAt)}
                {detail.data.customer.blockedAt && <> · <strong className="text-danger">blocked since {day(detail.data.customer.blockedAt)}</strong></>}</p>
              {can(op.role, 'blockCustomers') && (detail.data.customer.blockedAt ? (
                <button type="button" className="btn btn-outline-success btn-sm mb-3" onClick={() => void toggleBlock(detail.data.customer.id, false)}>Unblock</button>
              ) : (
                <div className="d-flex gap-2 mb-3">
                  <input className="form-control form-control-sm" aria-label="Reason for blocking" placeholder="Reason for blocking" value={reason} onChange={(e) => setReason(e.target.value)} />
                  <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void toggleBlock(detail.data.customer.id, true)}>Block</button>
                </div>
              ))}
              <h3 className="h6">Orders ({detail.data.orders.length})</h3>
              <ul className="small">{detail.data.orders.map((o) => <li key={o.id}>{day(o.createdAt)} · ₹{o.total} · {o.items} items · {o.paymentMethod} {o.paymentStatus}</li>)}</ul>
              <h3 className="h6">Bookings ({detail.data.bookings.length})</h3>
              <ul className="small">{detail.data.bookings.map((b) => <li key={b.id}>{b.serviceDate} · {b.vendorName} · {b.status} · ₹{b.totalAmount}</li>)}</ul>
              <h3 className="h6">Reviews ({detail.data.reviews.length})</h3>
              <ul className="small">{detail.data.reviews.map((r) => <li key={`${r.kind}-${r.subjectId}`}>{r.rating}★ {r.subjectName}: {r.comment}</li>)}</ul>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
