import { useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { can, type OperatorMe } from '@nirmaan/shared/ops';
import { setCommission, useCommission } from '../api/ops-support.ts';
import { useRowAction, type Notice } from '../components/support-parts.tsx';
import { TransfersSection } from '../components/transfers.tsx';

type Scope = 'default' | 'category' | 'vendor';
const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;
/** "7.5" → 750 basis points; null when not a percentage 0–100 with at most two decimals. */
const toBps = (text: string) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) && Number(text) <= 100 ? Math.round(Number(text) * 100) : null);

function RateForm() {
  const [scope, setScope] = useState<Scope>('default');
  const [value, setValue] = useState('materials');
  const [rate, setRate] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const act = useRowAction(['ops', 'commission'], setNotice);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const rateBps = toBps(rate);
    if (rateBps === null) return setNotice({ ok: false, text: 'Please enter a rate between 0 and 100, e.g. 7.5.' });
    await act(() => setCommission({ scope, value, rateBps, ...(reason ? { reason } : {}) }), () => `The rate is now ${percent(rateBps)} for new sales.`);
  };
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end mb-3" aria-label="Set a commission rate" onSubmit={(e) => void submit(e)}>
      <select className="form-select form-select-sm w-auto" aria-label="Scope" value={scope} onChange={(e) => { setScope(e.target.value as Scope); setValue(e.target.value === 'default' ? 'materials' : ''); }}>
        <option value="default">Default</option><option value="category">Category</option><option value="vendor">Vendor</option>
      </select>
      {scope === 'default'
        ? <select className="form-select form-select-sm w-auto" aria-label="Kind" value={value} onChange={(e) => setValue(e.target.value)}><option value="materials">materials</option><option value="services">services</option></select>
        : <input className="form-control form-control-sm" style={{ maxWidth: 220 }} aria-label={scope === 'category' ? 'Category' : 'Vendor email'} placeholder={scope === 'category' ? 'Category' : 'Vendor email'} value={value} onChange={(e) => setValue(e.target.value)} />}
      <input className="form-control form-control-sm" style={{ maxWidth: 100 }} aria-label="Rate in percent" placeholder="Rate %" value={rate} onChange={(e) => setRate(e.target.value)} />
      <input className="form-control form-control-sm" style={{ maxWidth: 260 }} aria-label="Reason" placeholder="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className="btn btn-primary btn-sm">Save rate</button>
      {notice && <div className={`alert alert-${notice.ok ? 'success' : 'danger'} py-1 mb-0 small w-100`} role={notice.ok ? 'status' : 'alert'}>{notice.text}</div>}
    </form>
  );
}

/**
 * /ops/money: the vendor transfers (finance and admins release, extend or retry them) and the commission rates (the
 * most specific applies; recorded sales never change; admins edit them).
 */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const rates = useCommission();
  return (
    <>
      <h1 className="h3 mb-3">Money</h1>
      <TransfersSection canAct={can(op.role, 'manageTransfers')} />
      <h2 className="h5">Commission rates</h2>
      {can(op.role, 'manageCommission') && <RateForm />}
      {rates.isError && <div className="alert alert-danger" role="alert">{rates.error.message}</div>}
      <table className="table table-sm w-auto">
        <thead><tr><th>Applies to</th><th>Rate</th><th>Changed</th></tr></thead>
        <tbody>
          {rates.data?.rates.map((r) => (
            <tr key={r.scopeKey}><td>{r.label}</td><td>{percent(r.rateBps)}</td><td>{r.updatedAt ? new Date(r.updatedAt).toLocaleDateString('en-IN') : ''}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
