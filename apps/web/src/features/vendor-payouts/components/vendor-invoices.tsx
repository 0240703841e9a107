import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INVOICE_TITLES, ZInvoiceList, indiaDate } from '@nirmaan/shared/gst';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { api } from '../../../lib/api.ts';
import { formatPaise } from '@nirmaan/shared/money';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm } from '../../../lib/portal-words.ts';

/** The month's sales register as CSV (GET /api/vendor/invoices/register.csv), the lines a GSTR-1 is filed from. */
export const salesRegisterUrl = (month: string) => `/api/vendor/invoices/register.csv?month=${encodeURIComponent(month)}`;

/** A month picker (this month in India by default, none later) and the download of that month's sales register. */
function SalesRegister() {
  const thisMonth = indiaDate(new Date()).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const { t } = useLingui();
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3" data-testid="sales-register">
      <div>
        <label htmlFor="register-month" className="form-label small mb-1"><Trans>Sales register for GSTR-1</Trans></label>
        <input id="register-month" type="month" className="form-control form-control-sm" max={thisMonth} value={month} onChange={(e) => setMonth(e.target.value)} />
      </div>
      {/* A cleared picker has no month to ask for: the link waits for one. */}
      {month ? <a className="btn btn-outline-secondary btn-sm" href={salesRegisterUrl(month)} download>{t`Download CSV`}</a>
        : <span className="small text-body-secondary"><Trans>Choose a month.</Trans></span>}
    </div>
  );
}

/** The vendor's own tax invoices, bills of supply and credit notes (GET /api/vendor/invoices), each as its PDF. */
export function VendorInvoices() {
  const list = useQuery({ queryKey: ['vendor-invoices'], queryFn: ({ signal }) => api('/api/vendor/invoices', { cache: 'no-store', signal }, ZInvoiceList), staleTime: 0 });
  const { i18n, t } = useLingui();
  const pdfOf = (number: string) => t`PDF of ${number}`;
  return (
    <section className="mt-5" aria-labelledby="vendor-invoices-heading">
      <h2 id="vendor-invoices-heading" className="h5"><Trans>Tax invoices</Trans></h2>
      <p className="text-body-secondary small"><Trans>Issued in your name when a line is delivered or a booking completed; credit notes follow refunds. Your GSTIN above decides whether they are tax invoices or bills of supply.</Trans></p>
      {list.isPending ? <Loading text={t`Loading your invoices...`} />
        : list.isError ? <ErrorState><Trans>Could not load your invoices.</Trans></ErrorState>
          : list.data.invoices.length === 0 ? <p className="text-body-secondary"><Trans>No invoices yet.</Trans></p> : (
            <>
              <SalesRegister />
              <div className="table-responsive">
                <table className="table table-sm align-middle">
                  <thead><tr><th scope="col"><Trans>Number</Trans></th><th scope="col"><Trans>Date</Trans></th><th scope="col"><Trans>Type</Trans></th><th scope="col"><Trans>Buyer</Trans></th><th scope="col" className="text-end"><Trans>Total</Trans></th><th scope="col"><span className="visually-hidden">PDF</span></th></tr></thead>
                  <tbody>
                    {list.data.invoices.map((i) => (
                      <tr key={i.id}>
                        <td className="font-monospace">{i.number}</td>
                        <td>{i.date}</td>
                        <td>{portalTerm(i18n, INVOICE_TITLES[i.kind])}</td>
                        <td>{i.recipientName}</td>
                        <td className="text-end">{formatPaise(i.totalPaise)}</td>
                        <td><a href={i.pdfUrl} target="_blank" rel="noopener" aria-label={pdfOf(i.number)}>PDF</a></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
    </section>
  );
}
