import { useState } from 'react';
import { OPS_TRANSFER_STATUSES, TRANSFER_EXTEND_MAX_DAYS, type OpsTransfer, type OpsTransferStatus } from '@nirmaan/shared/ops';
import { extendTransferHold, releaseTransfer, retryTransfer, rupees, useOpsTransfers } from '../api/ops-support.ts';
import { Pager, useFilterParams, useRowAction, type Notice } from './support-parts.tsx';
import { VendorLedger } from './vendor-ledger.tsx';

const STATUS_LABEL: Record<OpsTransferStatus, string> = {
  awaiting_account: 'Awaiting account', due: 'Due', failed: 'Failed', held: 'Held', released: 'Released', reversed: 'Reversed', cancelled: 'Nothing to transfer',
};
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-IN') : '');

/** Release now, extend by days, or retry: each with a reason; the server says when the state does not allow it. */
function TransferActions({ t, onNotice }: { t: OpsTransfer; onNotice: (n: Notice) => void }) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const act = useRowAction(['ops', 'transfers'], onNotice);
  const run = async (action: () => Promise<OpsTransfer>, done: (after: OpsTransfer) => string) => {
    if (await act(action, done)) setReason('');
  };
  const held = t.status === 'held';
  const holdable = !['released', 'reversed', 'cancelled'].includes(t.status);
  if (!held && !holdable && t.status !== 'failed') return null;
  return (
    <div className="d-flex flex-wrap gap-1">
      <input className="form-control form-control-sm" style={{ maxWidth: 200 }} aria-label="Reason" placeholder="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      {held && <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void run(() => releaseTransfer(t.id, reason), (a) => `Transfer ${a.id.slice(0, 8)}: ${STATUS_LABEL[a.status].toLowerCase()}.`)}>Release now</button>}
      {holdable && (
        <>
          <input className="form-control form-control-sm" style={{ maxWidth: 70 }} type="number" min={1} max={TRANSFER_EXTEND_MAX_DAYS} aria-label="Days to extend" value={days} onChange={(e) => setDays(e.target.value)} />
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void run(() => extendTransferHold(t.id, { days: Number(days), reason }), (a) => `Held until ${day(a.heldUntil)}.`)}>Extend hold</button>
        </>
      )}
      {t.status === 'failed' && <button type="button" className="btn btn-outline-warning btn-sm" onClick={() => void run(() => retryTransfer(t.id, reason), (a) => `Retried: now ${STATUS_LABEL[a.status].toLowerCase()}.`)}>Retry</button>}
    </div>
  );
}

interface TransferRowProps { t: OpsTransfer; canAct: boolean; onNotice: (n: Notice) => void; onVendor: (vendorId: string) => void }

function TransferRow({ t, canAct, onNotice, onVendor }: TransferRowProps) {
  const hold = t.heldUntil ?? t.releaseDueAt;
  return (
    <tr data-testid="ops-transfer">
      <td><button type="button" className="btn btn-link btn-sm p-0 text-start" title="This vendor's transfers and ledger" onClick={() => onVendor(t.vendorId)}>{t.vendorName}</button></td>
      <td>{t.orderId ? `order ${t.orderId.slice(0, 8)}` : `booking ${t.bookingId?.slice(0, 8) ?? ''}`}</td>
      <td>{rupees(t.sentPaise ?? t.amountPaise)}{t.reversedPaise > 0 ? ` (reversed ${rupees(t.reversedPaise)})` : ''}</td>
      <td data-testid="transfer-status">{STATUS_LABEL[t.status]}</td>
      <td>{t.releasedAt ? `released ${day(t.releasedAt)}` : hold ? `until ${day(hold)}` : ''}</td>
      <td>{canAct && <TransferActions t={t} onNotice={onNotice} />}</td>
    </tr>
  );
}

/**
 * The vendor transfers, filtered by status and vendor through the address (the dashboard and the vendor cards link
 * here); filtered by a vendor, that vendor's ledger above them.
 */
export function TransfersSection({ canAct }: { canAct: boolean }) {
  const [params, set] = useFilterParams();
  const status = (params.get('status') ?? '') as OpsTransferStatus | '';
  const vendorId = params.get('vendorId') ?? undefined;
  const page = Number(params.get('page') ?? '1') || 1;
  const list = useOpsTransfers(status || undefined, vendorId, page);
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <section aria-label="Vendor transfers" className="mb-4">
      <h2 className="h5">Vendor transfers</h2>
      <div className="d-flex gap-2 mb-2 align-items-center">
        <select className="form-select form-select-sm w-auto" aria-label="Transfer status" value={status} onChange={(e) => set('status', e.target.value)}>
          <option value="">All</option>
          {OPS_TRANSFER_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABEL[s]}</option>)}
        </select>
        {vendorId && <button type="button" className="btn btn-link btn-sm" onClick={() => set('vendorId', '')}>All vendors</button>}
      </div>
      {vendorId && <VendorLedger vendorId={vendorId} />}
      {notice && <div className={`alert alert-${notice.ok ? 'success' : 'danger'} py-1 small`} role={notice.ok ? 'status' : 'alert'}>{notice.text}</div>}
      {list.isError && <div className="alert alert-danger" role="alert">{list.error.message}</div>}
      {list.data?.transfers.length === 0 && <p className="text-body-secondary">No transfers match.</p>}
      {list.data && list.data.transfers.length > 0 && (
        <table className="table table-sm">
          <thead><tr><th>Vendor</th><th>For</th><th>Amount</th><th>Status</th><th>Hold</th><th /></tr></thead>
          <tbody>{list.data.transfers.map((t) => <TransferRow key={t.id} t={t} canAct={canAct} onNotice={setNotice} onVendor={(id) => set('vendorId', id)} />)}</tbody>
        </table>
      )}
      {list.data && <Pager page={list.data.page} pages={list.data.pages} onPage={(p) => set('page', String(p))} />}
    </section>
  );
}
