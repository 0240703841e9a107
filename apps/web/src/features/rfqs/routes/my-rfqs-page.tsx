import { Link, useLocation } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  const login = `/login?next=${encodeURIComponent(pathname)}`;
  return (
    <div className="container py-4">
      <title>{t`My requests | Nirmaan`}</title>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2">
        <h1 className="h3 mb-0"><Trans>My requests</Trans></h1>
        <Link to="/requests/new" className="btn btn-primary"><Trans>Get quotes for bulk</Trans></Link>
      </div>
      {!userId ? (
        <p><Trans>Please <Link to={login}>log in</Link> to see your requests for quotes.</Trans></p>
      ) : rfqs.isPending ? <Loading text={t`Loading your requests...`} />
        : rfqs.isError ? <ErrorState>{failureText(rfqs.error, t`Your requests could not be loaded. Please try again.`)}</ErrorState>
          : rfqs.data.rfqs.length === 0 ? <EmptyState><Trans>No requests yet. Buying in bulk? Ask nearby sellers for a landed price.</Trans></EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0" aria-label={t`My requests`}>
                {rfqs.data.rfqs.map((rfq) => {
                  const [label, badge] = stateOf(rfq, i18n);
                  const quotes = comparedQuotes(rfq.quotes);
                  const count = quotes.length;
                  const lowest = count > 0 ? formatPaise(quotes[0]!.landedTotalPaise) : '';
                  return (
                    <li key={rfq._id} className="card">
                      <div className="card-body d-flex flex-column flex-md-row gap-2 justify-content-between">
                        <div>
                          <p className="fw-semibold mb-1">{itemsLine(rfq.items, i18n)}</p>
                          <RfqFacts rfq={rfq} />
                          <p className="small mb-0">
                            {count === 0 ? <Trans>No quotes yet</Trans> : <Plural value={count} one={`# quote, lowest ${lowest} landed`} other={`# quotes, lowest ${lowest} landed`} />}
                          </p>
                        </div>
                        <div className="d-flex align-items-center gap-2">
                          <span className={`badge ${badge}`}>{label}</span>
                          <Link to={`/requests/${rfq._id}`} className="btn btn-sm btn-outline-primary">{rfq.state === 'open' ? <Trans>Compare quotes</Trans> : <Trans>View</Trans>}</Link>
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
