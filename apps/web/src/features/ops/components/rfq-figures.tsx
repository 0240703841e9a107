import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useRfqSummary } from '../api/ops-rfqs.ts';

/** The dashboard's bulk buying over the last 30 days: requests for quotes, quotes sent (every version) and requests that became orders. */
export function RfqFigures() {
  const s = useRfqSummary(30);
  if (!s.data) return null;
  const { requests, quotes, conversions } = s.data;
  const card = (label: ReactNode, value: number, testId: string) => (
    <div className="col-6 col-md-4 col-xl-2" key={testId}>
      <div className="card h-100"><div className="card-body">
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-4 fw-semibold" data-testid={testId}>{value}</div>
      </div></div>
    </div>
  );
  return (
    <section aria-labelledby="rfq-figures-h" className="mb-4">
      <h2 id="rfq-figures-h" className="h6"><Link to="/ops/requests"><Trans>Bulk requests, last 30 days</Trans></Link></h2>
      <div className="row g-3">
        {card(<Trans>Requests for quotes</Trans>, requests, 'rfq-requests')}
        {card(<Trans>Quotes sent</Trans>, quotes, 'rfq-quotes')}
        {card(<Trans>Became orders</Trans>, conversions, 'rfq-conversions')}
      </div>
    </section>
  );
}
