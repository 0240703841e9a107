import type { LineRow, OrderRow } from '../modules/orders/service.ts';
import { toPaise } from '../modules/payments/service.ts';

/**
 * What the customer owes now for an unpaid order, in paise: the lines still live and the delivery fee while any
 * is. A cancelled line is never charged; nothing live, nothing owed.
 */
export function owedPaise(order: Pick<OrderRow, 'deliveryFee'>, lines: Pick<LineRow, 'status' | 'paymentStatus' | 'totalPrice'>[]) {
  const live = lines.filter((l) => l.status !== 'Cancelled' && l.paymentStatus === 'Pending');
  if (live.length === 0) return 0;
  return live.reduce((sum, l) => sum + toPaise(l.totalPrice), 0) + toPaise(order.deliveryFee);
}
