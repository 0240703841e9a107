import { DELIVERY_FEE, deliveryFeeFor, FREE_DELIVERY_FROM } from '@nirmaan/shared/constants';
import type { CartItem } from '@nirmaan/shared/cart';
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise, sumPaise, timesQuantity } from '@nirmaan/shared/money';
import { Trans, useLingui } from '@lingui/react/macro';

/** A cart's subtotal in paise: each line's rupee price × quantity summed exactly, never in floating rupees. */
export const subtotalPaiseOf = (items: readonly Pick<CartItem, 'productprice' | 'productQuantity'>[]) =>
  sumPaise(items.map((i) => timesQuantity(rupeesToPaise(i.productprice), i.productQuantity)));

/**
 * Subtotal, delivery and the total, the same in cart and checkout: the quote's fee at the pincode when there is one
 * (decision record 034), else the platform's rule (₹300, free from ₹50,000: docs/architecture.md).
 */
export function OrderSummary({ subtotalPaise, quotedFeePaise = null }: { subtotalPaise: number; quotedFeePaise?: number | null }) {
  const fee = quotedFeePaise ?? rupeesToPaise(deliveryFeeFor(paiseToRupees(subtotalPaise)));
  const { t } = useLingui();
  const free = formatRupees(FREE_DELIVERY_FROM, { wholeRupees: 'short' });
  const flat = formatRupees(DELIVERY_FEE, { wholeRupees: 'short' });
  return (
    <dl className="row mb-0 small">
      <dt className="col-7 fw-normal"><Trans>Subtotal</Trans></dt>
      <dd className="col-5 text-end mb-1">{formatPaise(subtotalPaise)}</dd>
      <dt className="col-7 fw-normal"><Trans>Delivery</Trans></dt>
      <dd className="col-5 text-end mb-1">{fee === 0 ? t`Free` : formatPaise(fee)}</dd>
      <dd className="col-12 text-body-secondary mb-2">
        {quotedFeePaise !== null
          ? t`By each seller, as quoted for your pincode; sellers without their own delivery charge ₹300 together, free on orders of ${free} and above.`
          : fee === 0 ? t`Free delivery on orders of ${free} and above.` : t`${flat} delivery; free on orders of ${free} and above.`}
      </dd>
      <dt className="col-7 fs-6"><Trans>Total</Trans></dt>
      <dd className="col-5 text-end fs-6 fw-bold mb-0" data-testid="order-total">{formatPaise(sumPaise([subtotalPaise, fee]))}</dd>
    </dl>
  );
}
