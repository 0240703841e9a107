import { randomUUID } from 'node:crypto';
import { DISPUTE_MSG } from '@nirmaan/shared/disputes';
import type { JobEnding } from '@nirmaan/shared/jobs';
import type { Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as quotes from '../modules/quotes/service.ts';
import { lineDelivered, linesCancelledUnrefunded, refundsStored, type MoneySettings } from './money-events.ts';
import { owedPaise } from './owed.ts';

/**
 * A line or booking is refunded once, whatever the reason (payment_refunds' unique keys; docs/decisions/025): a paid
 * one whose refund row was not stored was refunded in part by a dispute, and the whole cancel is refused (409)
 * rather than cancelled without giving the rest back.
 */
function assertRefundedOnce(asked: number, stored: number) {
  if (stored < asked) throw new AppError('CONFLICT', DISPUTE_MSG.refundedOnce);
}

/**
 * Cancel and refund. Inside the cancel's transaction (order or booking row locked): a paid order's cancelled lines
 * are refunded for their own amounts, with the delivery fee when its last line goes; an unpaid order's gateway
 * order is voided and a new one made for what is still owed (none if nothing is); a paid booking is refunded in
 * full. Only the intents are written there; the gateway is called after the commit (and by the worker on failure).
 */
function orderSteps(p: payments.Payments) {
  const stored: payments.RefundRow[] = [];
  let repriced = false;
  const steps = {
    async afterCancel(tx: Tx, order: orders.OrderRow, cancelled: orders.LineRow[]) {
      const refunded = await refundCancelled(tx, order, cancelled);
      // What was not refunded (cash on delivery) but already invoiced is corrected by a credit note all the same.
      await linesCancelledUnrefunded(tx, order, cancelled.filter((l) => !refunded.includes(l.id)));
      return refunded;
    },
  };
  /** A paid order's cancelled lines are refunded (the ids returned); an unpaid online order is repriced. */
  async function refundCancelled(tx: Tx, order: orders.OrderRow, cancelled: orders.LineRow[]): Promise<string[]> {
    if (order.paymentMethod === 'cod' || !p.gateway) return [];
    const lines = await orders.linesOfOrder(tx, order.id);
    const live = await payments.findLive(tx, { orderId: order.id });
    if (live?.status === 'paid' && live.razorpayPaymentId) {
      const paid = cancelled.filter((l) => l.paymentStatus === 'Paid');
      // A line's refund carries its share of its seller's own delivery fee; the platform's fee goes with the last line.
      const feePaise = lines.every((l) => l.status === 'Cancelled') ? orders.platformFeeOf(order, lines) : 0;
      const receipt = paid.length === 1 && feePaise === 0 ? paid[0]!.id : randomUUID();
      const base = { paymentId: live.id, razorpayPaymentId: live.razorpayPaymentId, receipt, orderId: order.id };
      const refunds = await payments.requestRefund(tx, [
        ...paid.map((l) => ({ ...base, lineId: l.id, amountPaise: orders.lineChargePaise(l), reason: 'cancelled' })),
        { ...base, amountPaise: feePaise, reason: 'delivery fee' },
      ]);
      assertRefundedOnce(paid.length, refunds.filter((r) => r.lineId).length);
      await refundsStored(tx, refunds);
      stored.push(...refunds);
      return stored.flatMap((r) => (r.lineId ? [r.lineId] : []));
    }
    // Unpaid: the old gateway order can no longer be paid through us; what is still owed gets a new one.
    await payments.voidUnpaid(tx, { orderId: order.id });
    const owed = owedPaise(order, lines);
    if (owed > 0) {
      await payments.requestGatewayOrder(p, tx, { orderId: order.id }, owed);
      repriced = true;
    }
    return [];
  }
  const afterCommit = async () => {
    await payments.refundSoon(p, stored);
    if (repriced) void p.worker.poke();
  };
  return { steps, afterCommit, stored };
}

/** What an operator's cancel adds inside the cancel's transaction (its audit row), given the refunds stored. */
export type OnCancelled = (tx: Tx, refunds: payments.RefundRow[]) => Promise<void>;

export async function cancelOrder(p: payments.Payments, customerId: string, id: string, onCancelled?: OnCancelled) {
  const { steps, afterCommit, stored } = orderSteps(p);
  const withAudit = onCancelled
    ? { ...steps, afterCancel: async (tx: Tx, order: orders.OrderRow, cancelled: orders.LineRow[]) => {
      const refunded = await steps.afterCancel(tx, order, cancelled);
      await onCancelled(tx, stored);
      return refunded;
    } }
    : steps;
  const result = await orders.cancel(p.db, customerId, id, withAudit);
  await afterCommit();
  return result;
}

/** A vendor's move of a line (Delivered with its proof: decision 032); a delivery releases the transfer and issues the invoice. */
export async function moveLineAsVendor(p: payments.Payments, money: MoneySettings, vendorId: string, lineId: string, move: orders.VendorMove) {
  const { steps, afterCommit } = orderSteps(p);
  const afterDelivered = (tx: Tx, order: orders.OrderRow, line: orders.LineRow) => lineDelivered(tx, money, order, line);
  const result = await orders.moveLineAsVendor(p.db, vendorId, lineId, move, { ...steps, afterDelivered });
  await afterCommit();
  return result;
}

/**
 * What a booking's cancel or decline does in its transaction (booking row locked): a job booked from a quote gives
 * the quote back, saying how the job ended (decision record 048), and a paid booking is refunded in full.
 */
function bookingSteps(p: payments.Payments, by: JobEnding) {
  const stored: payments.RefundRow[] = [];
  const steps = {
    async afterCancel(tx: Tx, booking: bookings.BookingRow) {
      if (booking.kind === 'job') await quotes.reopenForEndedJob(tx, booking.id, by);
      if (booking.paymentMethod === 'cash' || !p.gateway) return false;
      const live = await payments.findLive(tx, { bookingId: booking.id });
      if (booking.paymentStatus === 'Paid' && live?.status === 'paid' && live.razorpayPaymentId) {
        const refunds = await payments.requestRefund(tx, [{
          paymentId: live.id, razorpayPaymentId: live.razorpayPaymentId, receipt: booking.id, bookingId: booking.id,
          amountPaise: booking.totalAmountPaise, reason: 'cancelled',
        }]);
        assertRefundedOnce(1, refunds.length);
        await refundsStored(tx, refunds);
        stored.push(...refunds);
        return true;
      }
      await payments.voidUnpaid(tx, { bookingId: booking.id });
      return false;
    },
  };
  return { steps, afterCommit: () => payments.refundSoon(p, stored), stored };
}

/** The customer's cancel, or support's for the customer (audited by `onCancelled`). */
export async function cancelBooking(p: payments.Payments, customerId: string, id: string, by: 'customer' | 'support' = 'customer', onCancelled?: OnCancelled) {
  const { steps, afterCommit, stored } = bookingSteps(p, by);
  const withAudit = onCancelled
    ? { ...steps, afterCancel: async (tx: Tx, booking: bookings.BookingRow) => {
      const refunded = await steps.afterCancel(tx, booking);
      await onCancelled(tx, stored);
      return refunded;
    } }
    : steps;
  const result = await bookings.cancel(p.db, customerId, id, withAudit);
  await afterCommit();
  return result;
}

/** A proposal not answered in time (decision record 041): the booking is cancelled and refunded in full, once. */
export async function cancelBookingForLapse(p: payments.Payments, moveId: string) {
  const { steps, afterCommit } = bookingSteps(p, 'lapsed');
  const lapsed = await bookings.cancelForLapse(p.db, moveId, steps);
  await afterCommit();
  return lapsed;
}

export async function changeBookingStatusAsVendor(p: payments.Payments, vendorId: string, id: string, status: Parameters<typeof bookings.changeStatusAsVendor>[3]) {
  // Only a decline ends the booking (afterCancel runs for it alone).
  const { steps, afterCommit } = bookingSteps(p, 'professional');
  const result = await bookings.changeStatusAsVendor(p.db, vendorId, id, status, steps);
  await afterCommit();
  return result;
}
