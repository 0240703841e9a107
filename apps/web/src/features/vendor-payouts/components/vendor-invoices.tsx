import { useQuery } from '@tanstack/react-query';
import { INVOICE_TITLES, ZInvoiceList } from '@nirmaan/shared/gst';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { api } from '../../../lib/api.ts';
import { formatPaise } from '@nirmaan/shared/money';

/** The vendor's own tax invoices, bills of supply and credit notes (GET /api/vendor/invoices), each as its PDF. */
export function VendorInvoices() {
  const list = useQuery({ queryKey: ['vendor-invoices'], queryFn: ({ signal }) => api('/api/vendor/invoices', { cache: 'no-store', signal }, ZInvoiceList), staleTime: 0 });
  return (
    <section className="mt-5" aria-labelledby="vendor-invoices-heading">
      <h2 id="vendor-invoices-heading" className="h5">Tax invoices</h2>
      <p className="text-body-secondary small">Issued in your name when a line is delivered or a booking completed; credit notes follow refunds. Your GSTIN above decides whether they are tax invoices or bills of supply.</p>
      {list.isPending ? <Loading text="Loading your invoices..." />
        : list.isError ? <ErrorState>Could not load your invoices.</ErrorState>
          : list.data.invoices.length === 0 ? <p className="text-body-secondary">No invoices yet.</p> : (
            <div className="table-responsive">
              <table className="table table-sm align-middle">
                <thead><tr><th scope="col">Number</th><th scope="col">Date</th><th scope="col">Type</th><th scope="col">Buyer</th><th scope="col" className="text-end">Total</th><th scope="col"><span className="visually-hidden">PDF</span></th></tr></thead>
                <tbody>
                  {list.data.invoices.map((i) => (
                    <tr key={i.id}>
                      <td className="font-monospace">{i.number}</td>
                      <td>{i.date}</td>
                      <td>{INVOICE_TITLES[i.kind]}</td>
                      <td>{i.recipientName}</td>
                      <td className="text-end">{formatPaise(i.totalPaise)}</td>
                      <td><a href={i.pdfUrl} target="_blank" rel="noopener" aria-label={`PDF of ${i.number}`}>PDF</a></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
    </section>
  );
}
