import { randomUUID } from 'node:crypto';
import type { VendorLineMove } from '@nirmaan/shared';
import type { Tx } from '../db/client.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import { owedPaise } from './owed.ts';

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
      if (order.paymentMethod === 'cod' || !p.gateway) return [];
      const lines = await orders.linesOfOrder(tx, order.id);
      const live = await payments.findLive(tx, { orderId: order.id });
      if (live?.status === 'paid' && live.razorpayPaymentId) {
        const paid = cancelled.filter((l) => l.paymentStatus === 'Paid');
        const feePaise = lines.every((l) => l.status === 'Cancelled') ? payments.toPaise(order.deliveryFee) : 0;
        const receipt = paid.length === 1 && feePaise === 0 ? paid[0]!.id : randomUUID();
        const base = { paymentId: live.id, razorpayPaymentId: live.razorpayPaymentId, receipt, orderId: order.id };
        stored.push(...await payments.requestRefund(tx, [
          ...paid.map((l) => ({ ...base, lineId: l.id, amountPaise: payments.toPaise(l.totalPrice), reason: 'cancelled' })),
          { ...base, amountPaise: feePaise, reason: 'delivery fee' },
        ]));
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
    },
  };
  const afterCommit = async () => {
    await payments.refundSoon(p, stored);
    if (repriced) void p.worker.poke();
  };
  return { steps, afterCommit };
}

export async function cancelOrder(p: payments.Payments, customerId: string, id: string) {
  const { steps, afterCommit } = orderSteps(p);
  const result = await orders.cancel(p.db, customerId, id, steps);
  await afterCommit();
  return result;
}

export async function moveLineAsVendor(p: payments.Payments, vendorId: string, lineId: string, to: VendorLineMove) {
  const { steps, afterCommit } = orderSteps(p);
  const result = await orders.moveLineAsVendor(p.db, vendorId, lineId, to, steps);
  await afterCommit();
  return result;
}

function bookingSteps(p: payments.Payments) {
  const stored: payments.RefundRow[] = [];
  const steps = {
    async afterCancel(tx: Tx, booking: bookings.BookingRow) {
      if (booking.paymentMethod === 'cash' || !p.gateway) return false;
      const live = await payments.findLive(tx, { bookingId: booking.id });
      if (booking.paymentStatus === 'Paid' && live?.status === 'paid' && live.razorpayPaymentId) {
        stored.push(...await payments.requestRefund(tx, [{
          paymentId: live.id, razorpayPaymentId: live.razorpayPaymentId, receipt: booking.id, bookingId: booking.id,
          amountPaise: payments.toPaise(booking.totalAmount), reason: 'cancelled',
        }]));
        return true;
      }
      await payments.voidUnpaid(tx, { bookingId: booking.id });
      return false;
    },
  };
  return { steps, afterCommit: () => payments.refundSoon(p, stored) };
}

export async function cancelBooking(p: payments.Payments, customerId: string, id: string) {
  const { steps, afterCommit } = bookingSteps(p);
  const result = await bookings.cancel(p.db, customerId, id, steps);
  await afterCommit();
  return result;
}

export async function changeBookingStatusAsVendor(p: payments.Payments, vendorId: string, id: string, status: Parameters<typeof bookings.changeStatusAsVendor>[3]) {
  const { steps, afterCommit } = bookingSteps(p);
  const result = await bookings.changeStatusAsVendor(p.db, vendorId, id, status, steps);
  await afterCommit();
  return result;
}
