import { QUANTITY_MAX, type ProductPaymentMethod, type ZOrderCartBody } from '@nirmaan/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/** Rules of a checkout body that need no database: the payment method it means and its quantities per product. */

type OrderCartBody = z.output<typeof ZOrderCartBody>;

/**
 * The method an order is paid by. A named method wins. The spec's checkout names none: it says "Paid" on each line
 * for online or UPI and "Pending" for cash on delivery. "Paid" is never believed; it makes the order an online one
 * awaiting payment, and `payByLink` says the customer must be sent a link to pay (no checkout was opened for it).
 */
export function paymentMethodOf(body: OrderCartBody): { method: ProductPaymentMethod; payByLink: boolean } {
  const named = body.paymentMethod ?? body.orders.find((l) => l.paymentMethod)?.paymentMethod;
  if (named) return { method: named, payByLink: false };
  const saysPaid = body.orders.some((l) => typeof l.paymentStatus === 'string' && l.paymentStatus.trim().toLowerCase() === 'paid');
  return saysPaid ? { method: 'online', payByLink: true } : { method: 'cod', payByLink: false };
}

/** The same product on several lines is one line with the quantities added. */
export function quantitiesByProduct(body: OrderCartBody) {
  const wanted = new Map<string, number>();
  for (const l of body.orders) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  return wanted;
}

/** The per-line cap holds per product across the whole order, after lines of one product are added up. */
export function assertWithinQuantityCap(wanted: Map<string, number>, nameOf: (productId: string) => string) {
  for (const [id, quantity] of wanted) {
    if (quantity > QUANTITY_MAX) {
      throw new AppError('BAD_REQUEST', `You can order at most ${QUANTITY_MAX} of ${nameOf(id)} in one order (this order has ${quantity}). Please lower the quantity.`);
    }
  }
}

/** The My orders page opens "Pay now" for the order named by `?pay=`. */
export const payLinkOf = (publicUrl: string, orderId: string) => `${publicUrl.replace(/\/$/, '')}/myorder?pay=${encodeURIComponent(orderId)}`;
