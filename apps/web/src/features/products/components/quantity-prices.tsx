import type { ProductDetail } from '@nirmaan/shared/api';
import { QUANTITY_MAX } from '@nirmaan/shared/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { formatPaise, rupeesToPaise, timesQuantity } from '@nirmaan/shared/money';
import { breakFor, unitPricePaise, type QuantityBreak } from '@nirmaan/shared/quantity-breaks';

type Priced = Pick<ProductDetail, 'ProductPrice' | 'ProductUnit' | 'QuantityBreaks'>;

/** How many percent a quantity price saves on the list price, whole (₹365 on ₹380 saves 4%). */
const savingPercent = (listPaise: number, pricePaise: number) => Math.round(((listPaise - pricePaise) * 100) / listPaise);

/** "1–99", "100–499", "500+": the quantities a row's price is for. */
function rangeOf(from: number, next: QuantityBreak | undefined) {
  return next ? `${from}–${next.minQuantity - 1}` : `${from}+`;
}

/**
 * The seller's quantity prices as a small table under the price (docs/decisions/035), the row the chosen quantity
 * gets marked. The cart and checkout charge exactly these: the server applies them.
 */
export function QuantityPrices({ product, quantity }: { product: Priced; quantity: number }) {
  const breaks = product.QuantityBreaks ?? [];
  const { i18n, t } = useLingui();
  if (breaks.length === 0) return null;
  const unit = term(i18n, product.ProductUnit);
  const listPaise = rupeesToPaise(product.ProductPrice);
  const applied = breakFor(breaks, quantity);
  const rows = [
    { range: rangeOf(1, breaks[0]), pricePaise: listPaise, current: applied === null },
    ...breaks.map((b, i) => ({ range: rangeOf(b.minQuantity, breaks[i + 1]), pricePaise: b.pricePaise, current: applied === b })),
  ];
  return (
    <section aria-label={t`Buy more, pay less`} className="quantity-prices">
      <h2 className="h6 mb-1"><Trans>Buy more, pay less</Trans></h2>
      <table className="table table-sm mb-0 small">
        <thead>
          <tr>
            <th scope="col"><Trans>Quantity</Trans></th>
            <th scope="col"><Trans>Price per {unit}</Trans></th>
            <th scope="col" className="text-end"><Trans>You save</Trans></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.range} className={r.current ? 'table-success' : undefined} aria-current={r.current ? 'true' : undefined}>
              <td>{r.range}</td>
              <td>{formatPaise(r.pricePaise, { wholeRupees: 'short' })}</td>
              <td className="text-end">{r.pricePaise < listPaise ? `${savingPercent(listPaise, r.pricePaise)}%` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Under the quantity, once it reaches a quantity price: what each costs at it and what they cost together. */
export function QuantityPriceAt({ product, quantity }: { product: Priced; quantity: number }) {
  const listPaise = rupeesToPaise(product.ProductPrice);
  const unitPaise = unitPricePaise(listPaise, product.QuantityBreaks ?? [], quantity);
  const { t } = useLingui();
  if (unitPaise >= listPaise || quantity > QUANTITY_MAX) return null;
  const each = formatPaise(unitPaise, { wholeRupees: 'short' });
  const total = formatPaise(timesQuantity(unitPaise, quantity), { wholeRupees: 'short' });
  return (
    <div className="form-text text-success-emphasis" data-testid="quantity-price">
      {t`${quantity} at ${each} each: ${total}`}
    </div>
  );
}
