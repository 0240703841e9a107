import { useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { INVOICE_KINDS, INVOICE_TITLES, indiaDate, type InvoiceKind } from '@nirmaan/shared/gst';
import { formatPaise } from '@nirmaan/shared/money';
import { can, type OperatorMe } from '@nirmaan/shared/ops';
import type { Gstr8Supplier, OpsInvoiceListQuery } from '@nirmaan/shared/ops-finance';
import { gstr8CsvUrl, useGstr8, useOpsInvoices } from '../api/ops-finance.ts';

interface Filter { month: string; vendor: string; kind: InvoiceKind | '' }

/** /ops/finance: the month's GSTR-8 summary per supplier, and every invoice and credit note with its PDF (finance, admin). */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const [filter, setFilter] = useState<Filter>({ month: indiaDate(new Date()).slice(0, 7), vendor: '', kind: '' });
  const [page, setPage] = useState(1);
  if (!can(op.role, 'readInvoices')) {
    return <div className="alert alert-warning" role="alert">Invoices and tax reports are for finance and admin operators.</div>;
  }
  return (
    <>
      <h1 className="h3 mb-3">Finance</h1>
      <FilterForm initial={filter} onApply={(f) => { setFilter(f); setPage(1); }} />
      <Gstr8Summary month={filter.month} />
      <InvoiceList query={{ month: filter.month || undefined, vendor: filter.vendor.trim() || undefined, kind: filter.kind || undefined, page }} onPage={setPage} />
    </>
  );
}

function FilterForm({ initial, onApply }: { initial: Filter; onApply: (f: Filter) => void }) {
  const [draft, setDraft] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form className="row g-2 mb-4 align-items-end" onSubmit={submit}>
      <div className="col-auto">
        <label htmlFor="finance-month" className="form-label small mb-1">Month</label>
        <input id="finance-month" type="month" className="form-control form-control-sm" value={draft.month} onChange={(e) => setDraft({ ...draft, month: e.target.value })} />
      </div>
      <div className="col-auto">
        <label htmlFor="finance-vendor" className="form-label small mb-1">Vendor</label>
        <input id="finance-vendor" className="form-control form-control-sm" placeholder='Name or email, or "platform"' maxLength={100} value={draft.vendor} onChange={(e) => setDraft({ ...draft, vendor: e.target.value })} />
      </div>
      <div className="col-auto">
        <label htmlFor="finance-kind" className="form-label small mb-1">Kind</label>
        <select id="finance-kind" className="form-select form-select-sm" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as Filter['kind'] })}>
          <option value="">All documents</option>
          {INVOICE_KINDS.map((k) => <option key={k} value={k}>{INVOICE_TITLES[k]}</option>)}
        </select>
      </div>
      <div className="col-auto"><button type="submit" className="btn btn-outline-secondary btn-sm">Filter</button></div>
    </form>
  );
}

const tcsOf = (s: Gstr8Supplier) => s.tcsIgstPaise + s.tcsCgstPaise + s.tcsSgstPaise;

/** The month's GSTR-8 figures per registered supplier, net of credit notes, with the CSV to file from. */
function Gstr8Summary({ month }: { month: string }) {
  const report = useGstr8(month);
  if (month === '') return <p className="text-body-secondary">Choose a month to see its GSTR-8 summary.</p>;
  const suppliers = report.data?.suppliers ?? [];
  return (
    <section className="mb-4" aria-labelledby="gstr8-heading">
      <div className="d-flex align-items-baseline gap-3 mb-2">
        <h2 id="gstr8-heading" className="h5 mb-0">GSTR-8 summary, {month}</h2>
        <a className="btn btn-outline-primary btn-sm" href={gstr8CsvUrl(month)} download>Download GSTR-8 CSV</a>
      </div>
      {report.isError && <div className="alert alert-danger" role="alert">{report.error.message}</div>}
      {report.isSuccess && suppliers.length === 0 && <p className="text-body-secondary">No taxable supplies by registered vendors in {month}.</p>}
      {suppliers.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm small">
            <thead><tr><th>Vendor</th><th>GSTIN</th><th className="text-end">Taxable value</th><th className="text-end">CGST</th><th className="text-end">SGST</th><th className="text-end">IGST</th><th className="text-end">TCS</th></tr></thead>
            <tbody>
              {suppliers.map((s) => (
                <tr key={s.gstin} data-testid="gstr8-row">
                  <td>{s.legalName}</td><td><code>{s.gstin}</code></td><td className="text-end">{formatPaise(s.netTaxablePaise)}</td>
                  <td className="text-end">{formatPaise(s.cgstPaise)}</td><td className="text-end">{formatPaise(s.sgstPaise)}</td>
                  <td className="text-end">{formatPaise(s.igstPaise)}</td><td className="text-end">{formatPaise(tcsOf(s))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Invoices, bills of supply and credit notes as filtered, newest first, each with its PDF. */
function InvoiceList({ query, onPage }: { query: OpsInvoiceListQuery; onPage: (page: number) => void }) {
  const list = useOpsInvoices(query);
  const data = list.data;
  return (
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="h5">Invoices and credit notes{data ? ` (${data.total})` : ''}</h2>
      {list.isError && <div className="alert alert-danger" role="alert">{list.error.message}</div>}
      {data?.invoices.length === 0 && <p className="text-body-secondary">No documents match these filters.</p>}
      {data && data.invoices.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm small align-middle">
            <thead><tr><th>Number</th><th>Date</th><th>Document</th><th>Supplier</th><th>Recipient</th><th className="text-end">Total</th><th>PDF</th></tr></thead>
            <tbody>
              {data.invoices.map((i) => (
                <tr key={i.id} data-testid="invoice-row">
                  <td><code>{i.number}</code></td><td className="text-nowrap">{i.date}</td><td>{INVOICE_TITLES[i.kind]}</td>
                  <td>{i.supplierName}</td><td>{i.recipientName}</td><td className="text-end">{formatPaise(i.totalPaise)}</td>
                  <td><a href={i.pdfUrl} target="_blank" rel="noreferrer" aria-label={`PDF of ${i.number}`}>PDF</a></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>Previous</button>
          <span className="small">Page {data.page} of {data.pages}</span>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={data.page >= data.pages} onClick={() => onPage(data.page + 1)}>Next</button>
        </div>
      )}
    </section>
  );
}
