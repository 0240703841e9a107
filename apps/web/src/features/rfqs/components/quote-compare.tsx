import { Fragment } from 'react';
import { formatPaise } from '@nirmaan/shared/money';
import { RFQ_UNIT_LABELS, type Rfq, type RfqQuote } from '@nirmaan/shared/rfqs';
import { formatDeliveryDate } from '../../../lib/delivery.ts';
import { validityText } from '../../../lib/rfqs.ts';
import { Negotiation } from './counter-offer.tsx';

/**
 * The customer's comparison of a request's quotes (issue 35): side by side, cheapest landed total first, each with
 * its landed price per unit, delivery date, how long it stays valid, its terms and the seller's standing. The
 * figures are the server's (decision record 036); this view only orders and words them.
 */

type Item = Rfq['items'][number];

/**
 * The quotes a customer compares: the newest version of each seller's (superseded ones are history) that is live
 * or accepted, cheapest landed total first; a tie goes to the earlier quote.
 */
export function comparedQuotes(quotes: readonly RfqQuote[]): RfqQuote[] {
  return quotes
    .filter((q) => q.status === 'live' || q.status === 'accepted')
    .sort((a, b) => a.landedTotalPaise - b.landedTotalPaise || Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** The unit every item of the request is in, when there is one: the landed total per unit is per this unit. */
export function commonUnit(items: readonly Item[]): string | null {
  const units = new Set(items.map((i) => i.unit));
  return units.size === 1 ? RFQ_UNIT_LABELS[items[0]!.unit] : null;
}

/** The singular of a unit after "per" ("per bag", "per tonne", "per m³"). */
export function perUnit(unit: string): string {
  return `per ${unit === 'pieces' ? 'piece' : unit.endsWith('s') ? unit.slice(0, -1) : unit}`;
}

const TERMS: Record<RfqQuote['paymentTerms'][number], string> = { online: 'Pay online', cod: 'Cash on delivery' };
export const termsText = (q: Pick<RfqQuote, 'paymentTerms'>) => q.paymentTerms.map((t) => TERMS[t]).join(' or ');

function Rating({ vendor }: { vendor: RfqQuote['vendor'] }) {
  return vendor.rating === null || vendor.ratingCount === 0
    ? <span className="text-body-secondary">No ratings yet</span>
    : <span aria-label={`Rated ${vendor.rating.toFixed(1)} of 5 by ${vendor.ratingCount} customers`}>★ {vendor.rating.toFixed(1)} ({vendor.ratingCount})</span>;
}

/** One quote's card: what it costs landed, item by item, when it arrives, until when it holds, and the Accept choice. */
function QuoteCard({ rfq, quote, cheapest, now, onAccept }: {
  rfq: Rfq; quote: RfqQuote; cheapest: boolean; now: number; onAccept: ((q: RfqQuote) => void) | null;
}) {
  const unit = commonUnit(rfq.items);
  const left = validityText(quote.validUntil, now);
  const expired = left === 'Expired';
  const itemOf = (id: string) => rfq.items.find((i) => i._id === id);
  const extras: [string, number][] = [['Freight', quote.freightPaise], ['Unloading', quote.unloadingPaise], ['Part-load', quote.partLoadPaise]];
  return (
    <article className={`card h-100${cheapest ? ' border-success' : ''}`} aria-label={`Quote from ${quote.vendor.businessName}`} data-testid="rfq-quote">
      <div className="card-body d-flex flex-column gap-2">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h3 className="h6 mb-0">{quote.vendor.businessName}</h3>
          {cheapest ? <span className="badge text-bg-success">Lowest landed total</span> : null}
        </div>
        <p className="small mb-0 d-flex flex-wrap gap-2">
          <Rating vendor={quote.vendor} />
          {quote.vendor.gstinVerified ? <span className="badge text-bg-light border">GSTIN verified</span> : <span className="text-body-secondary">No GSTIN</span>}
          {quote.version > 1 ? <span className="text-body-secondary">Revised (version {quote.version})</span> : null}
        </p>
        <div>
          <p className="h4 mb-0" data-testid="landed-total">{formatPaise(quote.landedTotalPaise)}</p>
          <p className="small text-body-secondary mb-0">
            Landed total, GST included{quote.landedPerUnitPaise !== null && unit ? ` · ${formatPaise(quote.landedPerUnitPaise)} ${perUnit(unit)} landed` : ''}
          </p>
        </div>
        <table className="table table-sm small mb-0">
          <caption className="visually-hidden">Prices from {quote.vendor.businessName}</caption>
          <thead><tr><th scope="col">Item</th><th scope="col" className="text-end">Unit price</th><th scope="col" className="text-end">Landed / unit</th></tr></thead>
          <tbody>
            {quote.items.map((line) => {
              const item = itemOf(line.itemId);
              const label = item ? RFQ_UNIT_LABELS[item.unit] : '';
              return (
                <tr key={line.itemId}>
                  <td>{item?.description ?? line.productName} × {line.quantity} {label}<div className="text-body-secondary">{line.productName} · GST {line.gstRatePercent}%</div></td>
                  <td className="text-end">{formatPaise(line.unitPricePaise)}</td>
                  <td className="text-end">{formatPaise(line.landedPerUnitPaise)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <dl className="row small mb-0">
          {extras.filter(([, paise]) => paise > 0).map(([name, paise]) => (
            <Fragment key={name}><dt className="col-6 fw-normal">{name}</dt><dd className="col-6 text-end mb-0">{formatPaise(paise)}</dd></Fragment>
          ))}
          <dt className="col-6 fw-normal">GST in the material</dt><dd className="col-6 text-end mb-0">{formatPaise(quote.gstPaise)}</dd>
          <dt className="col-6 fw-normal">Delivery from</dt><dd className="col-6 text-end mb-0">{quote.earliestDate ? formatDeliveryDate(quote.earliestDate) : 'To be agreed'}</dd>
          <dt className="col-6 fw-normal">Valid</dt>
          <dd className={`col-6 text-end mb-0${expired ? ' text-danger' : ''}`} data-testid="validity">{left}</dd>
          <dt className="col-6 fw-normal">Payment</dt><dd className="col-6 text-end mb-0">{termsText(quote)}</dd>
        </dl>
        {quote.freightReason ? <p className="small mb-0">Freight: {quote.freightReason}</p> : null}
        {quote.notes ? <p className="small text-body-secondary mb-0">{quote.notes}</p> : null}
        <Negotiation rfq={rfq} quote={quote} canCounter={quote.status === 'live' && onAccept !== null && !expired} />
        <div className="mt-auto pt-2">
          {quote.status === 'accepted' ? <span className="badge text-bg-primary">Accepted</span>
            : onAccept ? (
              <button type="button" className="btn btn-primary w-100" disabled={expired} onClick={() => onAccept(quote)}>
                Accept {formatPaise(quote.landedTotalPaise)}
              </button>
            ) : null}
        </div>
      </div>
    </article>
  );
}

/** The quotes side by side (one column on a phone), cheapest landed total first. `onAccept` is null once nothing can be accepted. */
export function QuoteCompare({ rfq, now, onAccept }: { rfq: Rfq; now: number; onAccept: ((q: RfqQuote) => void) | null }) {
  const quotes = comparedQuotes(rfq.quotes);
  if (quotes.length === 0) {
    return (
      <p className="text-body-secondary" role="status">
        {rfq.collecting ? `No quotes yet. Your request went to ${rfq.sellerCount} seller${rfq.sellerCount === 1 ? '' : 's'}; quotes appear here as they arrive.` : 'No quotes arrived for this request.'}
      </p>
    );
  }
  const live = quotes.filter((q) => q.status === 'live' && Date.parse(q.validUntil) > now);
  return (
    <ol className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled" aria-label="Quotes, lowest landed total first">
      {quotes.map((q) => (
        <li className="col" key={q._id}>
          <QuoteCard rfq={rfq} quote={q} cheapest={q === live[0] && live.length > 1} now={now} onAccept={q.status === 'live' ? onAccept : null} />
        </li>
      ))}
    </ol>
  );
}
