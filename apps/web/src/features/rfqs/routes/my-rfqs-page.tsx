import { Link, useLocation } from 'react-router';
import { formatPaise } from '@nirmaan/shared/money';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { failureText } from '../../../lib/api.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useRfqs } from '../api/rfqs.ts';
import { comparedQuotes } from '../components/quote-compare.tsx';
import { itemsLine } from '../../../lib/rfqs.ts';
import { RfqFacts, stateOf } from '../components/rfq-summary.tsx';

/** /requests: My requests for quotes, newest first, each with its state, its quotes' count and the lowest landed total. */
export function Component() {
  const { userId } = useStoredUser();
  const { pathname } = useLocation();
  const rfqs = useRfqs(Boolean(userId));
  return (
    <div className="container py-4">
      <title>My requests | Nirmaan</title>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2">
        <h1 className="h3 mb-0">My requests</h1>
        <Link to="/requests/new" className="btn btn-primary">Get quotes for bulk</Link>
      </div>
      {!userId ? (
        <p>Please <Link to={`/login?next=${encodeURIComponent(pathname)}`}>log in</Link> to see your requests for quotes.</p>
      ) : rfqs.isPending ? <Loading text="Loading your requests..." />
        : rfqs.isError ? <ErrorState>{failureText(rfqs.error, 'Your requests could not be loaded. Please try again.')}</ErrorState>
          : rfqs.data.rfqs.length === 0 ? <EmptyState>No requests yet. Buying in bulk? Ask nearby sellers for a landed price.</EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0" aria-label="My requests">
                {rfqs.data.rfqs.map((rfq) => {
                  const [label, badge] = stateOf(rfq);
                  const quotes = comparedQuotes(rfq.quotes);
                  return (
                    <li key={rfq._id} className="card">
                      <div className="card-body d-flex flex-column flex-md-row gap-2 justify-content-between">
                        <div>
                          <p className="fw-semibold mb-1">{itemsLine(rfq.items)}</p>
                          <RfqFacts rfq={rfq} />
                          <p className="small mb-0">
                            {quotes.length === 0 ? 'No quotes yet' : `${quotes.length} quote${quotes.length === 1 ? '' : 's'}, lowest ${formatPaise(quotes[0]!.landedTotalPaise)} landed`}
                          </p>
                        </div>
                        <div className="d-flex align-items-center gap-2">
                          <span className={`badge ${badge}`}>{label}</span>
                          <Link to={`/requests/${rfq._id}`} className="btn btn-sm btn-outline-primary">{rfq.state === 'open' ? 'Compare quotes' : 'View'}</Link>
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
    </div>
  );
}
