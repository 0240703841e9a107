import { useId, useState, type FormEvent } from 'react';
import type { ProductDetail } from '@nirmaan/shared/api';
import { notDeliveredToMessage } from '@nirmaan/shared/constants';
import { feeText, formatDeliveryDate, isPincode, sellerFeePaise, useDeliveryQuote, useRememberedPincode } from '../../../lib/delivery.ts';
import { failureText } from '../../../lib/api.ts';

/** "200 bags", "1 tonne", "40 sq ft": the quantity in the product's unit. */
function quantityText(quantity: number, unit: string) {
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = (draft ?? pin ?? '').trim();
    if (!isPincode(next)) return setError('Please enter a 6-digit pincode.');
    setError(null);
    remember(next);
    setDraft(null);
  };
  return (
    <section className="border rounded p-3 small" aria-labelledby={`${id}-h`}>
      <form className="d-flex gap-2 align-items-end" onSubmit={submit} noValidate>
        <div className="flex-grow-1">
          <label id={`${id}-h`} htmlFor={`${id}-pin`} className="form-label fw-semibold mb-1">Deliver to</label>
          <input
            id={`${id}-pin`} className="form-control form-control-sm" inputMode="numeric" maxLength={6} placeholder="Pincode"
            autoComplete="postal-code" value={draft ?? pin ?? ''} onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary btn-sm">Check</button>
      </form>
      <p className="mb-0 mt-2" role="status" data-testid="deliver-to-answer">
        {error ?? (pin === null ? 'Enter your pincode to see the delivery fee and date.' : <QuoteText pin={pin} quote={quote} quantity={quantityText(quantity, product.ProductUnit)} />)}
      </p>
    </section>
  );
}

function QuoteText({ pin, quote, quantity }: { pin: string; quote: ReturnType<typeof useDeliveryQuote>; quantity: string }) {
  if (quote.isError) return <span className="text-danger">{failureText(quote.error, 'Delivery could not be checked. Please try again.')}</span>;
  if (!quote.data) return <>Checking delivery to {pin}…</>;
  const seller = quote.data.vendors[0];
  if (!seller) return null;
  if (!seller.served) return <span className="text-danger">{seller.reason ?? notDeliveredToMessage(pin)}</span>;
  const date = seller.deliveryDate ? ` by ${formatDeliveryDate(seller.deliveryDate)}` : '';
  return <span className="text-success-emphasis">Delivers to {pin}{date} · {feeText(sellerFeePaise(seller, quote.data))} for {quantity}</span>;
}
