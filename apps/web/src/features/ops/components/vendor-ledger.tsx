import { Fragment } from 'react';
import { EARNING_STATE_LABELS } from '@nirmaan/shared/earnings';
import { rupees, useVendorLedger } from '../api/ops-support.ts';

/** How many of the vendor's latest earnings the panel lists. */
const SHOWN = 20;

/**
 * One vendor's ledger on the Money screen (docs/decisions/025): what is owed to them and not transferred, held,
 * released, the cash commission they owe, what the gateway moved (by our records, and by the gateway's own report when
 * the server could ask it), whether it reconciles, and their latest earnings.
 */
export function VendorLedger({ vendorId }: { vendorId: string }) {
  const ledger = useVendorLedger(vendorId);
  if (ledger.isError) return <div className="alert alert-danger" role="alert">{ledger.error.message}</div>;
  if (!ledger.data) return <p className="small">Loading the ledger…</p>;
  const l = ledger.data;
  const figures: [string, number][] = [
    ['Not transferred yet', l.payablePaise], ['On hold', l.heldPaise], ['Released', l.releasedPaise],
    ['Cash commission owed', l.cashCommissionOwedPaise], ['Transferred by the gateway', l.transferredPaise], ['Reversed', l.reversedPaise],
  ];
  const { month, entries } = l.earnings;
  return (
    <section aria-label={`Ledger of ${l.vendorName}`} className="card mb-3">
      <div className="card-body">
        <h3 className="h6">Ledger of {l.vendorName}</h3>
        <dl className="row small mb-2">
          {figures.map(([label, paise]) => (
            <Fragment key={label}><dt className="col-6 col-md-3 fw-normal">{label}</dt><dd className="col-6 col-md-3 mb-1">{rupees(paise)}</dd></Fragment>
          ))}
        </dl>
        {l.gateway && (
          <p className="small mb-2" data-testid="ledger-gateway">
            The gateway reports {rupees(l.gateway.transferredPaise)} transferred, {rupees(l.gateway.reversedPaise)} reversed
            and {rupees(l.gateway.heldPaise)} on hold ({l.gateway.paymentsChecked === l.gateway.paymentsTotal
              ? `all ${l.gateway.paymentsTotal} payments` : `the latest ${l.gateway.paymentsChecked} of ${l.gateway.paymentsTotal} payments`}):
            {' '}{l.gateway.differencePaise === 0 ? 'the same as our records.' : `${rupees(Math.abs(l.gateway.differencePaise))} ${l.gateway.differencePaise > 0 ? 'more' : 'less'} than our records.`}
          </p>
        )}
        {l.reconciled
          ? <p className="text-success small mb-2" role="status">Reconciled with the gateway.</p>
          : (
            <div className="alert alert-warning small py-1" role="alert">
              Does not reconcile with the gateway:
              <ul className="mb-0">{l.problems.map((p) => <li key={p}>{p}</li>)}</ul>
            </div>
          )}
        <p className="small mb-1">{month.label}: gross {rupees(month.grossPaise)}, commission {rupees(month.commissionPaise)}, net {rupees(month.netPaise)}</p>
        {entries.length === 0 && <p className="small text-body-secondary mb-0">No sales yet.</p>}
        {entries.length > 0 && (
          <table className="table table-sm small mb-0">
            <thead><tr><th>Date</th><th>Item</th><th>Payment</th><th>Gross</th><th>Commission</th><th>Net</th><th>State</th></tr></thead>
            <tbody>
              {entries.slice(0, SHOWN).map((e) => (
                <tr key={`${e.kind}:${e.id}`} data-testid="ledger-entry">
                  <td>{new Date(e.date).toLocaleDateString('en-IN')}</td><td>{e.title}</td><td>{e.paymentMethod}</td>
                  <td>{rupees(e.grossPaise)}</td><td>{rupees(e.commissionPaise)}</td><td>{rupees(e.netPaise)}</td><td>{EARNING_STATE_LABELS[e.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {entries.length > SHOWN && <p className="small text-body-secondary mb-0">The latest {SHOWN} of {entries.length}.</p>}
      </div>
    </section>
  );
}
