import { useId, useState, type FormEvent } from 'react';
import type { ProductDetail } from '@nirmaan/shared/api';
import { notDeliveredToMessage } from '@nirmaan/shared/constants';
import { feeText, formatDeliveryDate, isPincode, sellerFeePaise, useDeliveryQuote, useRememberedPincode } from '../../../lib/delivery.ts';
import { failureText } from '../../../lib/api.ts';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { reasonText } from '../../../lib/delivery-reasons.ts';
import { useDateLocale } from '../../../lib/i18n.ts';

/**
 * "200 bags", "1 tonne", "40 sq ft": the quantity in the product's unit. In English the unit takes an s; the other
 * languages write the catalogue's unit after the number as it is (५० बोरी is said "50 बोरी").
 */
function quantityText(i18n: I18n, quantity: number, unit: string) {
  if (i18n.locale !== 'en') return `${quantity} ${term(i18n, unit)}`;
  const plural = quantity !== 1 && !unit.includes(' ') && !unit.endsWith('s');
  return `${quantity} ${unit}${plural ? 's' : ''}`;
}

/**
 * "Deliver to": the pincode remembered on this device (typed here the first time), and what delivering this
 * quantity there costs and when, or that the seller does not deliver there. The server-rendered page shows the
 * prompt only: the pincode is read in the browser.
 */
export function DeliverTo({ product, quantity }: { product: ProductDetail; quantity: number }) {
  const [pin, remember] = useRememberedPincode();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const quote = useDeliveryQuote(pin, [{ productId: product._id, quantity }]);
  const { i18n, t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = (draft ?? pin ?? '').trim();
    if (!isPincode(next)) return setError(t`Please enter a 6-digit pincode.`);
    setError(null);
    remember(next);
    setDraft(null);
  };
  return (
    <section className="border rounded p-3 small" aria-labelledby={`${id}-h`}>
      <form className="d-flex gap-2 align-items-end" onSubmit={submit} noValidate>
        <div className="flex-grow-1">
          <label id={`${id}-h`} htmlFor={`${id}-pin`} className="form-label fw-semibold mb-1"><Trans>Deliver to</Trans></label>
          <input
            id={`${id}-pin`} className="form-control form-control-sm" inputMode="numeric" maxLength={6} placeholder={t`Pincode`}
            autoComplete="postal-code" value={draft ?? pin ?? ''} onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary btn-sm"><Trans>Check</Trans></button>
      </form>
      <p className="mb-0 mt-2" role="status" data-testid="deliver-to-answer">
        {error ?? (pin === null ? t`Enter your pincode to see the delivery fee and date.` : <QuoteText pin={pin} quote={quote} quantity={quantityText(i18n, quantity, product.ProductUnit)} />)}
      </p>
    </section>
  );
}

function QuoteText({ pin, quote, quantity }: { pin: string; quote: ReturnType<typeof useDeliveryQuote>; quantity: string }) {
  const { t, i18n } = useLingui();
  const dates = useDateLocale();
  if (quote.isError) return <span className="text-danger">{failureText(quote.error, t`Delivery could not be checked. Please try again.`)}</span>;
  if (!quote.data) return <Trans>Checking delivery to {pin}…</Trans>;
  const seller = quote.data.vendors[0];
  if (!seller) return null;
  if (!seller.served) return <span className="text-danger">{reasonText(i18n, seller.reason ?? notDeliveredToMessage(pin))}</span>;
  const fee = sellerFeePaise(seller, quote.data);
  const feeLine = fee === 0 ? t`Free delivery` : feeText(fee);
  const date = seller.deliveryDate ? formatDeliveryDate(seller.deliveryDate, dates) : null;
  return (
    <span className="text-success-emphasis">
      {date ? <Trans>Delivers to {pin} by {date} · {feeLine} for {quantity}</Trans> : <Trans>Delivers to {pin} · {feeLine} for {quantity}</Trans>}
    </span>
  );
}
