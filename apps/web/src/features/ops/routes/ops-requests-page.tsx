import { useState, type FormEvent } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPaise } from '@nirmaan/shared/money';
import { can, type OperatorMe } from '@nirmaan/shared/ops';
import { RFQ_CATEGORIES, RFQ_STATES, type OpsRfq } from '@nirmaan/shared/rfqs';
import { RfqFiles } from '../../../components/rfq-files.tsx';
import { failureText } from '../../../lib/api.ts';
import { itemsLine } from '../../../lib/rfqs.ts';
import { useHideRfq, useOpsRfqs } from '../api/ops-rfqs.ts';
import { useFilterParams } from '../components/support-parts.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN');

/** One request: who asked, what, where, its state and quotes; for moderators a reason and Hide. */
function RequestRow({ r, moderate, onHidden }: { r: OpsRfq; moderate: boolean; onHidden: (text: string, ok: boolean) => void }) {
  const { t, i18n } = useLingui();
  const hide = useHideRfq();
  const [reason, setReason] = useState('');
  const items = itemsLine(r.items, i18n);
  const name = r.customer.name;
  const orderNo = r.orderId?.slice(0, 8) ?? '';
  const quotes = r.quotes.filter((q) => q.status !== 'superseded').length;
  const cheapest = r.quotes.filter((q) => q.status === 'live' || q.status === 'accepted').map((q) => q.landedTotalPaise).sort((a, b) => a - b)[0];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) {
      onHidden(t`Please write a reason to hide ${name}'s request.`, false);
      return;
    }
    hide.mutate({ id: r._id, reason: reason.trim() }, {
      onSuccess: () => {
        setReason('');
        onHidden(t`${name}'s request is hidden: it left the sellers' inboxes and its quotes are closed.`, true);
      },
      onError: (err) => onHidden(failureText(err, t`That did not work.`), false),
    });
  };
  return (
    <li className="list-group-item" aria-label={t`Request by ${name}`} data-testid="ops-rfq">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <strong>{name}</strong>
        <span className="small text-body-secondary">{r.customer.email} · {day(r.createdAt)} · PIN {r.pincode}{r.district ? ` (${r.district})` : ''}</span>
        <span className={`badge ${r.state === 'hidden' ? 'text-bg-secondary' : r.state === 'accepted' ? 'text-bg-success' : r.state === 'open' ? 'text-bg-primary' : 'text-bg-light border'}`}>{r.state}</span>
      </div>
      <p className="mb-1">{items}</p>
      {r.notes ? <p className="small mb-1"><Trans>Notes: {r.notes}</Trans></p> : null}
      <RfqFiles files={r.files} label={t`The buyer's files:`} />
      <p className="small text-body-secondary mb-1">
        <Trans>Sent to {r.sellerCount} sellers · {quotes} quotes</Trans>
        {cheapest !== undefined ? <> · <Trans>lowest {formatPaise(cheapest)} landed</Trans></> : null}
        {r.orderId ? <> · <Trans>order {orderNo}</Trans></> : null}
      </p>
      {r.state === 'hidden' && r.hiddenReason ? <p className="small text-body-secondary mb-1"><Trans>Hidden: {r.hiddenReason}</Trans></p> : null}
      {moderate && r.state !== 'hidden' ? (
        <form className="d-flex gap-2" onSubmit={submit}>
          <input className="form-control form-control-sm" style={{ maxWidth: 360 }} aria-label={t`Reason to hide ${name}'s request`}
            placeholder={t`Reason to hide it`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" className="btn btn-sm btn-outline-danger" disabled={hide.isPending}><Trans>Hide</Trans></button>
        </form>
      ) : null}
    </li>
  );
}

/** /ops/requests: requests for quotes by words, state, PIN, category or customer, newest first; an abusive one hidden with a reason (audited). */
export function Component() {
  const { t } = useLingui();
  const op = useOutletContext<OperatorMe>();
  const [params, set] = useFilterParams();
  const [, setSearchParams] = useSearchParams();
  const filter = {
    q: params.get('q') ?? '', state: params.get('state') ?? '', pincode: params.get('pincode') ?? '', category: params.get('category') ?? '',
    customerId: params.get('customerId') ?? '',
  };
  const list = useOpsRfqs(filter, Number(params.get('page') ?? '1') || 1);
  const [words, setWords] = useState(filter.q);
  const [pin, setPin] = useState(filter.pincode);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const moderate = can(op.role, 'moderateReviews');
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const search = (e: FormEvent) => {
    e.preventDefault();
    // Both fields in one change of the address (two changes would each start from the old one).
    const next = new URLSearchParams(params);
    const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
    put('q', words.trim());
    if (/^\d{6}$/.test(pin.trim()) || pin.trim() === '') put('pincode', pin.trim());
    next.delete('page');
    setSearchParams(next);
  };

  return (
    <>
      <h1 className="h3 mb-3"><Trans>Requests for quotes</Trans></h1>
      <form className="row g-2 align-items-end mb-3" role="search" onSubmit={search}>
        <div className="col-12 col-md-4">
          <label className="form-label small" htmlFor="rfq-q"><Trans>Words in the notes or items</Trans></label>
          <input id="rfq-q" className="form-control form-control-sm" value={words} maxLength={100} onChange={(e) => setWords(e.target.value)} />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="rfq-pin"><Trans>Site pincode</Trans></label>
          <input id="rfq-pin" className="form-control form-control-sm" inputMode="numeric" maxLength={6} value={pin} onChange={(e) => setPin(e.target.value)} />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="rfq-state"><Trans>Request state</Trans></label>
          <select id="rfq-state" className="form-select form-select-sm" value={filter.state} onChange={(e) => set('state', e.target.value)}>
            <option value="">{t`Any`}</option>
            {RFQ_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="rfq-category"><Trans>Material</Trans></label>
          <select id="rfq-category" className="form-select form-select-sm" value={filter.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">{t`Any`}</option>
            {RFQ_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </div>
        <div className="col-6 col-md-2"><button type="submit" className="btn btn-primary btn-sm w-100"><Trans>Search</Trans></button></div>
      </form>
      {filter.customerId ? <p className="small"><Trans>One customer's requests.</Trans> <button type="button" className="btn btn-link btn-sm p-0" onClick={() => set('customerId', '')}><Trans>Show everyone's</Trans></button></p> : null}
      {notice ? <div className={`alert alert-${notice.ok ? 'success' : 'danger'}`} role={notice.ok ? 'status' : 'alert'}>{notice.text}</div> : null}
      {list.isError ? <div className="alert alert-danger" role="alert">{list.error.message}</div> : null}
      {list.data?.rfqs.length === 0 ? <p className="text-body-secondary"><Trans>No requests match.</Trans></p> : null}
      <ul className="list-group" aria-label={t`Requests for quotes`}>
        {list.data?.rfqs.map((r) => <RequestRow key={r._id} r={r} moderate={moderate} onHidden={(text, ok) => setNotice({ text, ok })} />)}
      </ul>
      {list.data ? (
        <div className="d-flex align-items-center gap-2 mt-2">
          <span className="small text-body-secondary"><Trans>{list.data.total} requests · page {list.data.page} of {pages}</Trans></span>
          {list.data.page > 1 ? <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => set('page', String(list.data.page - 1))}><Trans>Previous</Trans></button> : null}
          {list.data.page < pages ? <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => set('page', String(list.data.page + 1))}><Trans>Next</Trans></button> : null}
        </div>
      ) : null}
    </>
  );
}
