import { Fragment } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatPaise } from '@nirmaan/shared/money';
import { RFQ_UNIT_LABELS, type Rfq, type RfqQuote } from '@nirmaan/shared/rfqs';
import { formatDeliveryDate } from '../../../lib/delivery.ts';
import { rfqUnitLabel, rfqUnitOne, validityText } from '../../../lib/rfqs.ts';
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

const TERMS = { online: msg`Pay online`, cod: msg`Cash on delivery` } as const;
/** The quote's payment terms in words: "Pay online or Cash on delivery" (in the page's language with `i18n`). */
export const termsText = (q: Pick<RfqQuote, 'paymentTerms'>, i18n?: I18n) =>
  q.paymentTerms.map((k) => (i18n ? i18n._(TERMS[k]) : k === 'online' ? 'Pay online' : 'Cash on delivery')).join(i18n ? i18n._(msg` or `) : ' or ');

function Rating({ vendor }: { vendor: RfqQuote['vendor'] }) {
  const { t } = useLingui();
  if (vendor.rating === null || vendor.ratingCount === 0) return <span className="text-body-secondary"><Trans>No ratings yet</Trans></span>;
  const rating = vendor.rating.toFixed(1);
  const count = vendor.ratingCount;
  return <span aria-label={t`Rated ${rating} of 5 by ${count} customers`}>★ {rating} ({count})</span>;
}

/** One quote's card: what it costs landed, item by item, when it arrives, until when it holds, and the Accept choice. */
function QuoteCard({ rfq, quote, cheapest, now, onAccept }: {
  rfq: Rfq; quote: RfqQuote; cheapest: boolean; now: number; onAccept: ((q: RfqQuote) => void) | null;
}) {
  const { t, i18n } = useLingui();
  const same = new Set(rfq.items.map((i) => i.unit)).size === 1 ? rfq.items[0]!.unit : null;
  const left = validityText(quote.validUntil, now, i18n);
  const expired = Date.parse(quote.validUntil) <= now;
  const itemOf = (id: string) => rfq.items.find((i) => i._id === id);
  const seller = quote.vendor.businessName;
  const landed = formatPaise(quote.landedTotalPaise);
  const extras: [string, number][] = [[t`Freight`, quote.freightPaise], [t`Unloading`, quote.unloadingPaise], [t`Part-load`, quote.partLoadPaise]];
  const perUnitLanded = quote.landedPerUnitPaise !== null && same ? formatPaise(quote.landedPerUnitPaise) : null;
  const unitWord = same ? rfqUnitOne(i18n, same) : '';
  const version = quote.version;
  const freightReason = quote.freightReason;
  return (
    <article className={`card h-100${cheapest ? ' border-success' : ''}`} aria-label={t`Quote from ${seller}`} data-testid="rfq-quote">
      <div className="card-body d-flex flex-column gap-2">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h3 className="h6 mb-0">{seller}</h3>
          {cheapest ? <span className="badge text-bg-success"><Trans>Lowest landed total</Trans></span> : null}
        </div>
        <p className="small mb-0 d-flex flex-wrap gap-2">
          <Rating vendor={quote.vendor} />
          {quote.vendor.gstinVerified ? <span className="badge text-bg-light border"><Trans>GSTIN verified</Trans></span> : <span className="text-body-secondary"><Trans>No GSTIN</Trans></span>}
          {version > 1 ? <span className="text-body-secondary"><Trans>Revised (version {version})</Trans></span> : null}
        </p>
        <div>
          <p className="h4 mb-0" data-testid="landed-total">{landed}</p>
          <p className="small text-body-secondary mb-0">
            {perUnitLanded ? <Trans>Landed total, GST included · {perUnitLanded} per {unitWord} landed</Trans> : <Trans>Landed total, GST included</Trans>}
          </p>
        </div>
        <table className="table table-sm small mb-0">
          <caption className="visually-hidden"><Trans>Prices from {seller}</Trans></caption>
          <thead><tr><th scope="col"><Trans>Item</Trans></th><th scope="col" className="text-end"><Trans>Unit price</Trans></th><th scope="col" className="text-end"><Trans>Landed / unit</Trans></th></tr></thead>
          <tbody>
            {quote.items.map((line) => {
              const item = itemOf(line.itemId);
              const label = item ? rfqUnitLabel(i18n, item.unit) : '';
              const rate = line.gstRatePercent;
              return (
                <tr key={line.itemId}>
                  <td>{item?.description ?? line.productName} × {line.quantity} {label}<div className="text-body-secondary">{line.productName} · {t`GST ${rate}%`}</div></td>
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
          <dt className="col-6 fw-normal"><Trans>GST in the material</Trans></dt><dd className="col-6 text-end mb-0">{formatPaise(quote.gstPaise)}</dd>
          <dt className="col-6 fw-normal"><Trans>Delivery from</Trans></dt><dd className="col-6 text-end mb-0">{quote.earliestDate ? formatDeliveryDate(quote.earliestDate) : t`To be agreed`}</dd>
          <dt className="col-6 fw-normal"><Trans>Valid</Trans></dt>
          <dd className={`col-6 text-end mb-0${expired ? ' text-danger' : ''}`} data-testid="validity">{left}</dd>
          <dt className="col-6 fw-normal"><Trans>Payment</Trans></dt><dd className="col-6 text-end mb-0">{termsText(quote, i18n)}</dd>
        </dl>
        {freightReason ? <p className="small mb-0"><Trans>Freight: {freightReason}</Trans></p> : null}
        {quote.notes ? <p className="small text-body-secondary mb-0">{quote.notes}</p> : null}
        <Negotiation rfq={rfq} quote={quote} canCounter={quote.status === 'live' && onAccept !== null && !expired} />
        <div className="mt-auto pt-2">
          {quote.status === 'accepted' ? <span className="badge text-bg-primary"><Trans>Accepted</Trans></span>
            : onAccept ? (
              <button type="button" className="btn btn-primary w-100" disabled={expired} onClick={() => onAccept(quote)}>
                <Trans>Accept {landed}</Trans>
              </button>
            ) : null}
        </div>
      </div>
    </article>
  );
}

/** The quotes side by side (one column on a phone), cheapest landed total first. `onAccept` is null once nothing can be accepted. */
export function QuoteCompare({ rfq, now, onAccept }: { rfq: Rfq; now: number; onAccept: ((q: RfqQuote) => void) | null }) {
  const { t } = useLingui();
  const quotes = comparedQuotes(rfq.quotes);
  if (quotes.length === 0) {
    const sellers = rfq.sellerCount;
    return (
      <p className="text-body-secondary" role="status">
        {rfq.collecting
          ? <Plural value={sellers} one="No quotes yet. Your request went to # seller; quotes appear here as they arrive." other="No quotes yet. Your request went to # sellers; quotes appear here as they arrive." />
          : <Trans>No quotes arrived for this request.</Trans>}
      </p>
    );
  }
  const live = quotes.filter((q) => q.status === 'live' && Date.parse(q.validUntil) > now);
  return (
    <ol className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled" aria-label={t`Quotes, lowest landed total first`}>
      {quotes.map((q) => (
        <li className="col" key={q._id}>
          <QuoteCard rfq={rfq} quote={q} cheapest={q === live[0] && live.length > 1} now={now} onAccept={q.status === 'live' ? onAccept : null} />
        </li>
      ))}
    </ol>
  );
}
