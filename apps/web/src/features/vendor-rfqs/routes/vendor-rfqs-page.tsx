import { Link } from 'react-router';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import type { VendorRfq } from '@nirmaan/shared/rfqs';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { failureText } from '../../../lib/api.ts';
import { itemsLine } from '../../../lib/rfqs.ts';
import { useVendorRfqs } from '../api/vendor-rfqs.ts';

/** Where a request stands for this seller: to quote, quoted, won, lost, declined or closed. */
export function sellerStateOf(rfq: VendorRfq): [label: string, badge: string] {
  const live = rfq.myQuotes.find((q) => q.status === 'live');
  if (rfq.myQuotes.some((q) => q.status === 'accepted')) return ['Accepted: deliver it', 'text-bg-success'];
  if (rfq.declined) return ['Declined', 'text-bg-secondary'];
  if (rfq.state === 'accepted') return ['Another seller won', 'text-bg-secondary'];
  if (rfq.state !== 'open') return ['Withdrawn', 'text-bg-secondary'];
  if (live) return [`Quoted ${formatPaise(live.landedTotalPaise)}`, 'text-bg-info'];
  return rfq.collecting ? ['To quote', 'text-bg-warning'] : ['Closed for quotes', 'text-bg-secondary'];
}

/** /vendor/requests: requests for quotes routed to this seller, newest first, each with where it stands. */
export function Component() {
  const rfqs = useVendorRfqs();
  return (
    <section className="container">
      <h1 className="h3 mb-3">Requests</h1>
      {rfqs.isPending ? <Loading text="Loading requests..." />
        : rfqs.isError ? <ErrorState>{failureText(rfqs.error, 'Could not load your requests.')}</ErrorState>
          : rfqs.data.rfqs.length === 0 ? <EmptyState>No requests yet. Builders near you who buy in bulk ask for quotes here.</EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0" aria-label="Requests for quotes">
                {rfqs.data.rfqs.map((rfq) => {
                  const [label, badge] = sellerStateOf(rfq);
                  return (
                    <li key={rfq._id} className="card">
                      <div className="card-body d-flex flex-column flex-md-row gap-2 justify-content-between">
                        <div>
                          <p className="fw-semibold mb-1">{itemsLine(rfq.items)}</p>
                          <p className="small text-body-secondary mb-0">
                            Site {rfq.pincode}{rfq.district ? ` (${rfq.district})` : ''}, {rfq.distanceKm} km · asked {formatDate(rfq.createdAt)}
                            {rfq.collecting ? ` · quotes until ${formatDate(rfq.closesAt)}` : ''}
                          </p>
                        </div>
                        <div className="d-flex align-items-center gap-2">
                          <span className={`badge ${badge}`}>{label}</span>
                          <Link to={`/vendor/requests/${rfq._id}`} className="btn btn-sm btn-outline-primary" aria-label={`Open request: ${itemsLine(rfq.items)}`}>Open</Link>
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
    </section>
  );
}
