import { sumPaise } from '@nirmaan/shared/money';
import type { LineRow, OrderRow } from './repository.ts';

type FeeLine = Pick<LineRow, 'deliveryFeePaise'>;

/**
 * The platform's own part of an order's delivery fee (its flat fee, decision record 034): the order's fee less the
 * sellers' own fees, which its lines hold, each its share of its seller's.
 */
export function platformFeeOf(order: Pick<OrderRow, 'deliveryFeePaise'>, lines: FeeLine[]) {
  return order.deliveryFeePaise - sumPaise(lines.map((l) => l.deliveryFeePaise));
}

/** What a line costs the customer: the goods and the line's share of its seller's own delivery fee. */
export const lineChargePaise = (l: Pick<LineRow, 'totalPricePaise' | 'deliveryFeePaise'>) => sumPaise([l.totalPricePaise, l.deliveryFeePaise]);

/**
 * What the customer owes now for an unpaid order, in paise: the lines still live (with their share of their seller's
 * delivery) and the platform's delivery fee while any is. A cancelled line is never charged; nothing live, nothing
 * owed. Pay now charges it and My orders shows it.
 */
export function owedPaise(order: Pick<OrderRow, 'deliveryFeePaise'>, lines: Pick<LineRow, 'status' | 'paymentStatus' | 'totalPricePaise' | 'deliveryFeePaise'>[]) {
  const live = lines.filter((l) => l.status !== 'Cancelled' && l.paymentStatus === 'Pending');
  if (live.length === 0) return 0;
  return sumPaise([...live.map(lineChargePaise), platformFeeOf(order, lines)]);
}
