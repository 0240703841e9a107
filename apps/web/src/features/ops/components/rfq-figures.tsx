import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useRfqSummary } from '../api/ops-rfqs.ts';
import { FigureCard } from './figure-card.tsx';

/** The dashboard's bulk buying over the last 30 days: requests for quotes, quotes sent (every version) and requests that became orders. */
export function RfqFigures() {
  const s = useRfqSummary(30);
  if (!s.data) return null;
  const { requests, quotes, conversions } = s.data;
  return (
    <section aria-labelledby="rfq-figures-h" className="mb-4">
      <h2 id="rfq-figures-h" className="h6"><Link to="/ops/requests"><Trans>Bulk requests, last 30 days</Trans></Link></h2>
      <div className="row g-3">
        <FigureCard label={<Trans>Requests for quotes</Trans>} value={requests} testId="rfq-requests" />
        <FigureCard label={<Trans>Quotes sent</Trans>} value={quotes} testId="rfq-quotes" />
        <FigureCard label={<Trans>Became orders</Trans>} value={conversions} testId="rfq-conversions" />
      </div>
    </section>
  );
}
