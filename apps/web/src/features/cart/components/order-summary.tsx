import { DELIVERY_FEE, deliveryFeeFor, FREE_DELIVERY_FROM } from '@nirmaan/shared/constants';
import { formatRupees, formatRupees2 } from '../../../lib/format.ts';

/** Subtotal, the delivery rule (₹300, free from ₹50,000: docs/architecture.md) and the total, the same in cart and checkout. */
export function OrderSummary({ subtotal }: { subtotal: number }) {
  const fee = deliveryFeeFor(subtotal);
  return (
    <dl className="row mb-0 small">
      <dt className="col-7 fw-normal">Subtotal</dt>
      <dd className="col-5 text-end mb-1">{formatRupees2(subtotal)}</dd>
      <dt className="col-7 fw-normal">Delivery</dt>
      <dd className="col-5 text-end mb-1">{fee === 0 ? 'Free' : formatRupees2(fee)}</dd>
      <dd className="col-12 text-body-secondary mb-2">
        {fee === 0 ? 'Free delivery on orders of ' : `${formatRupees(DELIVERY_FEE)} delivery; free on orders of `}
        {formatRupees(FREE_DELIVERY_FROM)} and above.
      </dd>
      <dt className="col-7 fs-6">Total</dt>
      <dd className="col-5 text-end fs-6 fw-bold mb-0" data-testid="order-total">{formatRupees2(subtotal + fee)}</dd>
    </dl>
  );
}
