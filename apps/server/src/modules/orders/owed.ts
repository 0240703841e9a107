import { sumPaise } from '@nirmaan/shared/money';
import type { LineRow, OrderRow } from './repository.ts';

/**
 * What the customer owes now for an unpaid order, in paise: the lines still live and the delivery fee while any
 * is. A cancelled line is never charged; nothing live, nothing owed. Pay now charges it and My orders shows it.
 */
export function owedPaise(order: Pick<OrderRow, 'deliveryFeePaise'>, lines: Pick<LineRow, 'status' | 'paymentStatus' | 'totalPricePaise'>[]) {
  const live = lines.filter((l) => l.status !== 'Cancelled' && l.paymentStatus === 'Pending');
  if (live.length === 0) return 0;
  return sumPaise([...live.map((l) => l.totalPricePaise), order.deliveryFeePaise]);
}
