import { DISPUTE_MSG, type Dispute, type ResolveDisputeBody } from '@nirmaan/shared/disputes';
import { formatPaise, sumPaise } from '@nirmaan/shared/money';
import { OPS_MSG, type OperatorRole } from '@nirmaan/shared/ops';
import type { Tx } from '../db/client.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as disputes from '../modules/disputes/service.ts';
import type { Actor } from '../modules/ops/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import { refundPaidOutside, refundsStored } from './money-events.ts';
import { capVisitRefund } from './visit-credit.ts';

/**
 * Support resolves a dispute (decision record 020): a rejection, or a full or partial refund of the line or
 * booking. In one transaction: the dispute locked (racing resolutions give one), the order or booking row locked
 * (a cancel takes turns with it), the amount checked against what was paid online less what is refunded, against
 * a site visit's fee credited to a live job (decision record 051) and against support's limit, the refund intent
 * stored and handed to refundsStored (payouts reverse the vendor's transfer there), the decision, its audit row and
 * both parties' mail. The gateway is called after the commit.
 */

/** The operator who decides, with the role that sets the refund limit. */
export interface Decider { actor: Actor; role: OperatorRole; supportLimitPaise: number }

/** Support may refund up to the configured limit in one go; admins are not limited (403 otherwise). */
export function assertWithinRefundLimit(by: Decider, amountPaise: number) {
  if (by.role === 'support' && amountPaise > by.supportLimitPaise) throw new AppError('FORBIDDEN', OPS_MSG.overSupportLimit(formatPaise(by.supportLimitPaise, { wholeRupees: 'short' })));
}

async function refundTarget(tx: Tx, locked: Awaited<ReturnType<typeof disputes.lockUnresolved>>, by: Decider, body: ResolveDisputeBody) {
  const t = locked.target;
  if (t.kind === 'line') await orders.lockOrder(tx, t.order.id);
  else await bookings.lockBooking(tx, t.booking.id);
  const paid = disputes.paidOnlinePaise(t);
  const live = await payments.findLive(tx, t.kind === 'line' ? { orderId: t.order.id } : { bookingId: t.booking.id });
  if (paid === 0 || live?.status !== 'paid' || !live.razorpayPaymentId) throw new AppError('CONFLICT', DISPUTE_MSG.nothingPaidOnline);
  const before = await payments.refundsFor(tx, t.kind === 'line' ? { lineIds: [t.line.id] } : { bookingId: t.booking.id });
  const refundable = paid - sumPaise(before.map((r) => r.amountPaise));
  // One refund row per line or booking (payment_refunds' unique keys): anything refunded before settles it.
  if (before.length > 0 || refundable <= 0) throw new AppError('CONFLICT', DISPUTE_MSG.alreadyRefunded);
  const amountPaise = body.outcome === 'full_refund' ? refundable : body.amountPaise!;
  if (amountPaise > refundable) throw fieldError('amountPaise', DISPUTE_MSG.overRefundable(refundable));
  if (t.kind === 'booking') await capVisitRefund(tx, t.booking, amountPaise);
  assertWithinRefundLimit(by, amountPaise);
  const rows = await payments.requestRefund(tx, [{
    paymentId: live.id, razorpayPaymentId: live.razorpayPaymentId, receipt: locked.row.id, amountPaise, reason: 'dispute',
    ...(t.kind === 'line' ? { orderId: t.order.id, lineId: t.line.id } : { bookingId: t.booking.id }),
  }]);
  if (rows.length === 0) throw new AppError('CONFLICT', DISPUTE_MSG.alreadyRefunded);
  await refundsStored(tx, rows);
  if (amountPaise === paid) {
    if (t.kind === 'line') await orders.markLinesRefunded(tx, [t.line.id]);
    else await bookings.markBookingRefunded(tx, t.booking.id);
  }
  return rows;
}

/**
 * A cash sale refunded by support outside the gateway (decision record 028): the amount checked against the cash
 * collected and support's limit, under the order's or booking's lock; the vendor's share becomes its debt on the
 * ledger (refundPaidOutside); a full refund marks the line or booking Refunded. Once per line or booking: the
 * dispute's unique indexes refuse a second (recordResolution).
 */
async function refundOutside(tx: Tx, locked: Awaited<ReturnType<typeof disputes.lockUnresolved>>, by: Decider, body: ResolveDisputeBody) {
  const t = locked.target;
  if (t.kind === 'line') await orders.lockOrder(tx, t.order.id);
  else await bookings.lockBooking(tx, t.booking.id);
  const cash = disputes.cashSale(t);
  if (!cash) throw new AppError('CONFLICT', DISPUTE_MSG.paidOnlineRefundHere);
  if (cash.paidPaise === 0) throw new AppError('CONFLICT', DISPUTE_MSG.notCollected);
  const amountPaise = body.outcome === 'full_refund' ? cash.paidPaise : body.amountPaise!;
  if (amountPaise > cash.paidPaise) throw fieldError('amountPaise', DISPUTE_MSG.overRefundable(cash.paidPaise));
  if (t.kind === 'booking') await capVisitRefund(tx, t.booking, amountPaise);
  assertWithinRefundLimit(by, amountPaise);
  await refundPaidOutside(tx, {
    vendorId: locked.row.vendorId, amountPaise, ...cash,
    ...(t.kind === 'line' ? { orderId: t.order.id, lineId: t.line.id } : { bookingId: t.booking.id }),
  });
  if (amountPaise === cash.paidPaise) {
    if (t.kind === 'line') await orders.markLinesRefunded(tx, [t.line.id]);
    else await bookings.markBookingRefunded(tx, t.booking.id);
  }
  return amountPaise;
}

export async function resolveDispute(p: payments.Payments, by: Decider, id: string, body: ResolveDisputeBody): Promise<Dispute> {
  if (body.outcome === 'partial_refund' && body.amountPaise === undefined) throw fieldError('amountPaise', DISPUTE_MSG.partialNeedsAmount);
  if (body.outcome === 'reject' && body.paidOutside) throw fieldError('paidOutside', DISPUTE_MSG.outsideNeedsRefund);
  const stored = await p.db.transaction(async (tx) => {
    const locked = await disputes.lockUnresolved(tx, id);
    if (body.paidOutside) {
      const refundedPaise = await refundOutside(tx, locked, by, body);
      await disputes.recordResolution(tx, by.actor, locked, { refundedPaise, reason: body.reason.trim(), outcome: body.outcome, paidOutside: body.paidOutside });
      return [];
    }
    const rows = body.outcome === 'reject' ? [] : await refundTarget(tx, locked, by, body);
    const refundedPaise = sumPaise(rows.map((r) => r.amountPaise));
    await disputes.recordResolution(tx, by.actor, locked, { refundedPaise, reason: body.reason.trim(), outcome: body.outcome });
    return rows;
  });
  await payments.refundSoon(p, stored);
  return disputes.getForOps(p.db, id);
}
