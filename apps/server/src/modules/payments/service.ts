import type { ProductPaymentMethod } from '@nirmaan/shared';
import type { Tx } from '../../db/client.ts';

/** What the customer's browser needs to pay an order online (provider specific), or null when nothing is due now. */
export type PaymentStart = { provider: string; [key: string]: unknown } | null;

/**
 * The one payment step orders call, inside the order's transaction. Cash on delivery needs none. Online and UPI
 * orders stay "Pending" payment until a gateway confirms them: the payments work (issue 11) implements that here
 * (a Razorpay order, verified signatures), without touching orders. Until then nothing is marked "Paid".
 */
export async function startPayment(_tx: Tx, _order: { id: string; method: ProductPaymentMethod; totalPaise: number }): Promise<PaymentStart> {
  return null;
}
