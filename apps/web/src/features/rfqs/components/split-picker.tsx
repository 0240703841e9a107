import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPaise, splitPaise, sumPaise } from '@nirmaan/shared/money';
import type { Rfq, RfqQuote } from '@nirmaan/shared/rfqs';
import { rfqUnitOne } from '../../../lib/rfqs.ts';

/** What a split costs landed: each picked item's material and its share of its seller's charges, as the server shares them. */
export function splitLandedPaise(picks: { itemId: string; quote: RfqQuote }[]): number {
  return sumPaise(picks.map(({ itemId, quote }) => {
    const k = quote.items.findIndex((i) => i.itemId === itemId);
    const shares = splitPaise(sumPaise([quote.freightPaise, quote.unloadingPaise, quote.partLoadPaise]), quote.items.map((i) => i.materialPaise));
    return sumPaise([quote.items[k]!.materialPaise, shares[k]!]);
  }));
}

/**
 * Buying each item from a different seller (issue 35): for every item, the live quotes that price it, the lowest
 * landed price per unit chosen first; the total landed as the server will charge it, and Accept, which opens the
 * acceptance for the split (one order, each seller's lines at its quoted prices).
 */
export function SplitPicker({ rfq, quotes, now, onAccept }: {
  rfq: Rfq; quotes: readonly RfqQuote[]; now: number;
  onAccept: (split: { picks: { itemId: string; quoteId: string }[]; quotes: RfqQuote[]; landedPaise: number }) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const live = quotes.filter((q) => q.status === 'live' && Date.parse(q.validUntil) > now);
  const offers = (itemId: string) => live.filter((q) => q.items.some((i) => i.itemId === itemId))
    .sort((a, b) => a.items.find((i) => i.itemId === itemId)!.landedPerUnitPaise - b.items.find((i) => i.itemId === itemId)!.landedPerUnitPaise);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  if (rfq.items.length < 2 || new Set(live.map((q) => q.vendor._id)).size < 2) return null;
  const picks = rfq.items.flatMap((item) => {
    const options = offers(item._id);
    const quote = options.find((q) => q._id === chosen[item._id]) ?? options[0];
    return quote ? [{ itemId: item._id, quote }] : [];
  });
  const sellers = [...new Map(picks.map((p) => [p.quote._id, p.quote])).values()];
  const landed = formatPaise(splitLandedPaise(picks));
  const count = sellers.length;
  return (
    <section className="card card-body d-flex flex-column gap-2" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="h6 mb-0"><Trans>Buy each item from a different seller</Trans></h2>
      {rfq.items.map((item) => {
        const options = offers(item._id);
        const unit = rfqUnitOne(i18n, item.unit);
        return (
          <div key={item._id}>
            <label className="form-label small mb-1" htmlFor={`${id}-${item._id}`}>{item.description} × {item.quantity}</label>
            <select id={`${id}-${item._id}`} className="form-select form-select-sm" value={picks.find((p) => p.itemId === item._id)?.quote._id ?? ''}
              onChange={(e) => setChosen((all) => ({ ...all, [item._id]: e.target.value }))}>
              {options.map((q) => {
                const perUnit = formatPaise(q.items.find((i) => i.itemId === item._id)!.landedPerUnitPaise);
                const seller = q.vendor.businessName;
                return <option key={q._id} value={q._id}>{t`${seller}: ${perUnit} per ${unit} landed`}</option>;
              })}
            </select>
          </div>
        );
      })}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold" data-testid="split-total"><Trans>{landed} landed from {count} sellers</Trans></span>
        <button type="button" className="btn btn-outline-primary btn-sm" disabled={count < 2}
          onClick={() => onAccept({ picks: picks.map((p) => ({ itemId: p.itemId, quoteId: p.quote._id })), quotes: sellers, landedPaise: splitLandedPaise(picks) })}>
          <Trans>Accept the split</Trans>
        </button>
      </div>
    </section>
  );
}
