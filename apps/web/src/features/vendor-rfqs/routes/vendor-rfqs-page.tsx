import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import type { VendorRfq } from '@nirmaan/shared/rfqs';
import { RfqFiles } from '../../../components/rfq-files.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { failureText } from '../../../lib/api.ts';
import { itemsLine } from '../../../lib/rfqs.ts';
import { useVendorRfqs } from '../api/vendor-rfqs.ts';

/** Where a request stands for this seller: to quote, quoted, won, lost, declined or closed. */
export function sellerStateOf(rfq: VendorRfq, i18n: I18n): [label: string, badge: string] {
  const live = rfq.myQuotes.find((q) => q.status === 'live');
  if (rfq.myQuotes.some((q) => q.status === 'accepted')) return [i18n._(msg`Accepted: deliver it`), 'text-bg-success'];
  if (rfq.declined) return [i18n._(msg`Declined`), 'text-bg-secondary'];
  if (rfq.state === 'accepted') return [i18n._(msg`Another seller won`), 'text-bg-secondary'];
  if (rfq.state !== 'open') return [i18n._(msg`Withdrawn`), 'text-bg-secondary'];
  if (live) {
    const landed = formatPaise(live.landedTotalPaise);
    return [i18n._(msg`Quoted ${landed}`), 'text-bg-info'];
  }
  return rfq.collecting ? [i18n._(msg`To quote`), 'text-bg-warning'] : [i18n._(msg`Closed for quotes`), 'text-bg-secondary'];
}

/** /vendor/requests: requests for quotes routed to this seller, newest first, each with where it stands. */
export function Component() {
  const rfqs = useVendorRfqs();
  const { t, i18n } = useLingui();
  return (
    <section className="container">
      <h1 className="h3 mb-3"><Trans>Requests</Trans></h1>
      {rfqs.isPending ? <Loading text={t`Loading requests...`} />
        : rfqs.isError ? <ErrorState>{failureText(rfqs.error, t`Could not load your requests.`)}</ErrorState>
          : rfqs.data.rfqs.length === 0 ? <EmptyState><Trans>No requests yet. Builders near you who buy in bulk ask for quotes here.</Trans></EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0" aria-label={t`Requests for quotes`}>
                {rfqs.data.rfqs.map((rfq) => {
                  const [label, badge] = sellerStateOf(rfq, i18n);
                  const items = itemsLine(rfq.items, i18n);
                  const site = `${rfq.pincode}${rfq.district ? ` (${rfq.district})` : ''}`;
                  const km = rfq.distanceKm;
                  const asked = formatDate(rfq.createdAt);
                  const until = formatDate(rfq.closesAt);
                  return (
                    <li key={rfq._id} className="card">
                      <div className="card-body d-flex flex-column flex-md-row gap-2 justify-content-between">
                        <div>
                          <p className="fw-semibold mb-1">{items}</p>
                          <p className="small text-body-secondary mb-0">
                            <Trans>Site {site}, {km} km · asked {asked}</Trans>
                            {rfq.collecting ? <> · <Trans>quotes until {until}</Trans></> : null}
                          </p>
                          <RfqFiles files={rfq.files} label={t`The buyer's files:`} />
                        </div>
                        <div className="d-flex align-items-center gap-2">
                          <span className={`badge ${badge}`}>{label}</span>
                          <Link to={`/vendor/requests/${rfq._id}`} className="btn btn-sm btn-outline-primary" aria-label={t`Open request: ${items}`}><Trans>Open</Trans></Link>
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
