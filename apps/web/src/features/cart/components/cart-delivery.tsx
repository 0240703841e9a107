import { useId } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDateLocale } from '../../../lib/i18n.ts';
import { reasonText } from '../../../lib/delivery-reasons.ts';
import { term } from '../../../lib/terms.ts';
import type { CartItem, DeliveryChoice } from '@nirmaan/shared/cart';
import { DELIVERY_WINDOWS, type DeliveryWindow } from '@nirmaan/shared/constants';
import type { Quote } from '@nirmaan/shared/delivery';
import { failureText } from '../../../lib/api.ts';
import { feeText, formatDeliveryDate, sellerFeePaise, useDeliveryQuote } from '../../../lib/delivery.ts';

/** The cart's items as a quote asks for them. */
export const quoteItemsOf = (items: readonly CartItem[]) => items.map((i) => ({ productId: i.productid, quantity: i.productQuantity }));

/** The quote of the cart's items at `pin` (none without a pincode). */
export const useCartQuote = (pin: string | null, items: readonly CartItem[]) => useDeliveryQuote(pin, quoteItemsOf(items));

/** Each product's refusal in a quote, in the page's language: "Does not deliver to 400001", by product id. */
export function refusalsOf(i18n: I18n, quote: Quote | undefined): Map<string, string> {
  const refusals = new Map<string, string>();
  for (const v of quote?.vendors ?? []) if (!v.served) for (const id of v.productIds) refusals.set(id, v.reason ? reasonText(i18n, v.reason) : i18n._(msg`Cannot be delivered there`));
  return refusals;
}

/** The sellers' names by id, from the cart. */
const sellerNames = (items: readonly CartItem[]) => new Map(items.map((i) => [i.Vendorid, i.productvendor]));

/** A seller's fee in the cart: its own, or the platform's flat fee, which is charged once for all such sellers. */
function feeOf(i18n: I18n, v: Quote['vendors'][number], quote: Quote) {
  const paise = sellerFeePaise(v, quote);
  const fee = paise === 0 ? i18n._(msg`Free delivery`) : feeText(paise);
  return v.rule === 'platform' && quote.platformFeePaise > 0 ? i18n._(msg`${fee} flat, once per order`) : fee;
}

/** Per seller of the cart: its fee and first date at the pincode, or that it does not deliver there. */
export function CartDelivery({ pin, items, quote }: { pin: string | null; items: readonly CartItem[]; quote: ReturnType<typeof useDeliveryQuote> }) {
  const { i18n, t } = useLingui();
  const dates = useDateLocale();
  if (pin === null) return <p className="small text-body-secondary mb-2">{t`Enter your pincode on a product page to see each seller's delivery fee and date.`}</p>;
  if (quote.isError) return <p className="small text-danger mb-2">{failureText(quote.error, t`Delivery could not be checked.`)}</p>;
  if (!quote.data) return <p className="small text-body-secondary mb-2"><Trans>Checking delivery to {pin}…</Trans></p>;
  const names = sellerNames(items);
  const byDate = (iso: string) => {
    const date = formatDeliveryDate(iso, dates);
    return t`by ${date}`;
  };
  return (
    <ul className="list-unstyled small mb-2" aria-label={t`Delivery to ${pin}`} data-testid="cart-delivery">
      {quote.data.vendors.map((v) => (
        <li key={v.vendorId} className="d-flex justify-content-between gap-2">
          <span>{names.get(v.vendorId) ?? v.vendorName}</span>
          {v.served
            ? <span>{feeOf(i18n, v, quote.data)}{v.deliveryDate ? ` · ${byDate(v.deliveryDate)}` : ''}</span>
            : <span className="text-danger">{v.reason ? reasonText(i18n, v.reason) : null}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Checkout's choice of each seller's delivery date (among those its quote offers) and window; a seller not chosen
 * for gets its first date in the morning, as the server does.
 */
export function DeliverySlots({ quote, items, choices, onChange }: {
  quote: Quote; items: readonly CartItem[]; choices: DeliveryChoice[]; onChange: (choices: DeliveryChoice[]) => void;
}) {
  const id = useId();
  const { i18n, t } = useLingui();
  const dates = useDateLocale();
  const names = sellerNames(items);
  const set = (vendorId: string, change: Partial<DeliveryChoice>, first: string) => {
    const current = choices.find((c) => c.vendorId === vendorId) ?? { vendorId, date: first, window: 'morning' as DeliveryWindow };
    onChange([...choices.filter((c) => c.vendorId !== vendorId), { ...current, ...change }]);
  };
  return (
    <section className="card card-body" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="h6"><Trans>Delivery dates</Trans></h2>
      {quote.vendors.map((v) => {
        const first = v.dates[0];
        if (!v.served || !first) {
          const products = items.filter((i) => v.productIds.includes(i.productid)).map((i) => i.productname).join(', ');
          return <p key={v.vendorId} className="small text-danger mb-2">{products}: {v.reason ? reasonText(i18n, v.reason) : null}</p>;
        }
        const chosen = choices.find((c) => c.vendorId === v.vendorId) ?? { date: first, window: 'morning' };
        const seller = names.get(v.vendorId) ?? v.vendorName;
        return (
          <div key={v.vendorId} className="row g-2 align-items-center mb-2">
            <div className="col-md-4 small fw-semibold">{names.get(v.vendorId) ?? v.vendorName}</div>
            <div className="col-md-4">
              <select className="form-select form-select-sm" aria-label={t`Delivery date from ${seller}`} value={chosen.date} onChange={(e) => set(v.vendorId, { date: e.target.value }, first)}>
                {v.dates.map((d) => <option key={d} value={d}>{formatDeliveryDate(d, dates)}</option>)}
              </select>
            </div>
            <div className="col-md-4">
              <select className="form-select form-select-sm" aria-label={t`Delivery window from ${seller}`} value={chosen.window} onChange={(e) => set(v.vendorId, { window: e.target.value as DeliveryWindow }, first)}>
                {(Object.keys(DELIVERY_WINDOWS) as DeliveryWindow[]).map((w) => <option key={w} value={w}>{term(i18n, DELIVERY_WINDOWS[w])}</option>)}
              </select>
            </div>
          </div>
        );
      })}
    </section>
  );
}
