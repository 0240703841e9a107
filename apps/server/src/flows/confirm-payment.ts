import { randomUUID } from 'node:crypto';
import type { ZRazorpayVerifyBody } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Locale } from '@nirmaan/shared/i18n';
import type { Tx } from '../db/client.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { AppError } from '../lib/errors.ts';
import { findCustomerContact } from '../modules/auth/service.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as transfers from '../modules/transfers/service.ts';
import { paymentRefundedEmail, type UnhonouredReason } from './emails.ts';
import { paymentConfirmed } from './money-events.ts';
import { owedPaise } from './owed.ts';
import { routeProductEvent, routeStatusHooks } from './route-account.ts';

type Confirmed =
  | { kind: 'paid'; id: string; paymentStatus: 'Pending' | 'Paid' | 'Refunded' }
  | { kind: 'refund'; id: string; reason: UnhonouredReason; stored: payments.RefundRow[] }
  | { kind: 'unknown' };

const REFUSED: Record<UnhonouredReason, { code: 'CONFLICT' | 'BAD_REQUEST'; message: string }> = {
  'order cancelled': { code: 'CONFLICT', message: 'This order was cancelled before the payment arrived, so it was not marked paid. Your payment is being refunded in full.' },
  'paid twice': { code: 'CONFLICT', message: 'This order was already paid, so this payment is being refunded in full.' },
  'wrong amount': { code: 'BAD_REQUEST', message: 'The payment did not match what this order owes, so it was not marked paid. It is being refunded in full.' },
};

/**
 * Confirms a captured gateway payment, once, inside the caller's transaction: the order or booking row is locked
 * first, then its payment row. A payment that pays what is owed now marks the live lines (or the booking) Paid. A
 * payment we cannot honour (after expiry or a cancel, a second payment, a wrong amount) is recorded as a refund,
 * once per gateway payment, and the customer is mailed. Verify and webhook both land here, any number of times.
 */
export async function confirmIn(tx: Tx, c: { razorpayOrderId: string; razorpayPaymentId: string; amountPaise: number }): Promise<Confirmed> {
  const found = await payments.findByRazorpayOrder(tx, c.razorpayOrderId);
  if (!found) return { kind: 'unknown' };
  let reason: UnhonouredReason | null;
  let contact: { id: string; to: string; name: string; what: 'order' | 'booking'; lang?: Locale | null };
  if (found.orderId) {
    const order = (await orders.lockOrder(tx, found.orderId))!;
    const row = (await payments.lockPayment(tx, found.id))!;
    if (row.status === 'paid' && row.razorpayPaymentId === c.razorpayPaymentId) return { kind: 'paid', id: order.id, paymentStatus: order.paymentStatus };
    const earlier = await payments.findUnhonoured(tx, c.razorpayPaymentId);
    if (earlier) return { kind: 'refund', id: order.id, reason: earlier.reason as UnhonouredReason, stored: [] };
    const owed = owedPaise(order, await orders.linesOfOrder(tx, order.id));
    reason = order.paymentStatus === 'Paid' || row.status === 'paid' ? 'paid twice'
      : row.status !== 'open' || owed === 0 ? 'order cancelled'
        : c.amountPaise !== row.amountPaise || row.amountPaise !== owed ? 'wrong amount' : null;
    if (!reason) {
      await payments.recordPaid(tx, row.id, c.razorpayPaymentId);
      await orders.markOrderPaid(tx, order.id);
      await paymentConfirmed(tx, { orderId: order.id });
      return { kind: 'paid', id: order.id, paymentStatus: 'Paid' };
    }
    const account = await findCustomerContact(tx, order.customerId);
    contact = { id: order.id, to: account?.email ?? '', name: account?.fullName ?? '', what: 'order', lang: account?.language };
  } else if (found.moveId) {
    // A reschedule's fee (decision record 041): paid, the booking takes the slot its move held, once.
    const move = (await bookings.findMove(tx, found.moveId))!;
    const booking = (await bookings.lockBooking(tx, move.bookingId))!;
    const row = (await payments.lockPayment(tx, found.id))!;
    if (row.status === 'paid' && row.razorpayPaymentId === c.razorpayPaymentId) return { kind: 'paid', id: booking.id, paymentStatus: booking.paymentStatus };
    const earlier = await payments.findUnhonoured(tx, c.razorpayPaymentId);
    if (earlier) return { kind: 'refund', id: booking.id, reason: earlier.reason as UnhonouredReason, stored: [] };
    reason = row.status === 'paid' ? 'paid twice'
      : row.status !== 'open' || move.status !== 'awaiting_fee' || !['Pending', 'Confirmed'].includes(booking.status) ? 'order cancelled'
        : c.amountPaise !== row.amountPaise ? 'wrong amount' : null;
    if (!reason) {
      await payments.recordPaid(tx, row.id, c.razorpayPaymentId);
      if (await bookings.feePaid(tx, move)) return { kind: 'paid', id: booking.id, paymentStatus: booking.paymentStatus };
      reason = 'order cancelled';
    }
    const account = await findCustomerContact(tx, booking.customerId);
    contact = { id: booking.id, to: account?.email ?? '', name: account?.fullName ?? '', what: 'booking', lang: account?.language };
  } else {
    const booking = (await bookings.lockBooking(tx, found.bookingId!))!;
    const row = (await payments.lockPayment(tx, found.id))!;
    if (row.status === 'paid' && row.razorpayPaymentId === c.razorpayPaymentId) return { kind: 'paid', id: booking.id, paymentStatus: booking.paymentStatus };
    const earlier = await payments.findUnhonoured(tx, c.razorpayPaymentId);
    if (earlier) return { kind: 'refund', id: booking.id, reason: earlier.reason as UnhonouredReason, stored: [] };
    const live = booking.status === 'Pending' || booking.status === 'Confirmed';
    reason = booking.paymentStatus !== 'Pending' || row.status === 'paid' ? 'paid twice'
      : row.status !== 'open' || !live ? 'order cancelled'
        : c.amountPaise !== row.amountPaise ? 'wrong amount' : null;
    if (!reason) {
      await payments.recordPaid(tx, row.id, c.razorpayPaymentId);
      await bookings.markBookingPaid(tx, booking.id);
      await paymentConfirmed(tx, { bookingId: booking.id });
      return { kind: 'paid', id: booking.id, paymentStatus: 'Paid' };
    }
    const account = await findCustomerContact(tx, booking.customerId);
    contact = { id: booking.id, to: account?.email ?? '', name: account?.fullName ?? '', what: 'booking', lang: account?.language };
  }
  const stored = await payments.requestRefund(tx, [{
    paymentId: found.id, razorpayPaymentId: c.razorpayPaymentId, receipt: randomUUID(), amountPaise: c.amountPaise, reason,
    ...(found.orderId ? { orderId: found.orderId } : {}),
  }]);
  if (stored.length > 0 && contact.to) await enqueueEmail(tx, paymentRefundedEmail(contact.to, { name: contact.name, amountPaise: c.amountPaise, reason, what: contact.what, lang: contact.lang }));
  return { kind: 'refund', id: contact.id, reason, stored };
}

/** checkout.js's handler fields: the customer's own order, a good signature, and the gateway's captured payment. */
export async function verify(p: payments.Payments, customerId: string, body: z.output<typeof ZRazorpayVerifyBody>) {
  payments.requireGateway(p);
  const row = await payments.findByRazorpayOrder(p.db, body.razorpay_order_id);
  const bookingId = row?.bookingId ?? (row?.moveId ? (await bookings.findMove(p.db, row.moveId))?.bookingId : undefined);
  const owner = row && (row.orderId ? (await orders.findOrder(p.db, row.orderId))?.customerId : (await bookings.findBooking(p.db, bookingId!))?.customerId);
  if (!row || owner !== customerId) throw new AppError('NOT_FOUND', 'Order not found.');
  // A replay of the verify that paid this row (the limit no longer stops it) is answered from our rows, without the gateway.
  const replay = row.status === 'paid' && row.razorpayPaymentId === body.razorpay_payment_id && payments.signedByGateway(p, body);
  const paid = replay ? { id: body.razorpay_payment_id, amount: row.amountPaise } : await payments.capturedPayment(p, body);
  const confirmed = await p.db.transaction((tx) => confirmIn(tx, { razorpayOrderId: body.razorpay_order_id, razorpayPaymentId: paid.id, amountPaise: paid.amount }));
  if (confirmed.kind === 'refund') {
    await payments.refundSoon(p, confirmed.stored);
    const refused = REFUSED[confirmed.reason];
    throw new AppError(refused.code, refused.message);
  }
  if (confirmed.kind === 'unknown') throw new AppError('NOT_FOUND', 'Order not found.');
  return { message: 'Payment successful. Your order is paid.', orderId: confirmed.id, paymentStatus: confirmed.paymentStatus };
}

/**
 * Razorpay's webhook: the signature over the raw body first (400 if bad), then each X-Razorpay-Event-Id is handled
 * once, claimed in the same transaction as its effect (a failure leaves it for Razorpay's redelivery).
 * payment.captured confirms like verify (a payment we cannot honour is answered 200 once its refund is stored);
 * payment.authorized waits for payment.captured; payment.failed leaves the order Pending; refund.processed marks
 * our refund done; transfer.processed, transfer.failed and settlement.processed go to the vendor's transfer
 * (decision record 019); an activated linked account pokes the transfer worker after the commit.
 */
export async function webhook(p: payments.Payments, t: transfers.Transfers, rawBody: string, signature: string | undefined, eventId: string | undefined) {
  const event = payments.checkedWebhook(p, rawBody, signature);
  const entity = event.payload?.payment?.entity;
  const refundId = event.payload?.refund?.entity?.id;
  const hooks = routeStatusHooks(t);
  let activated = false;
  const stored = await p.db.transaction(async (tx) => {
    if (eventId && !(await payments.claimEvent(tx, eventId))) return [];
    // The vendor's Route linked account (decision record 018).
    if (event.event?.startsWith('product.route.')) activated = await routeProductEvent(tx, hooks, event);
    if (event.event === 'payment.captured' && entity?.id && entity.order_id && Number.isSafeInteger(entity.amount) && (entity.currency ?? 'INR') === 'INR') {
      const confirmed = await confirmIn(tx, { razorpayOrderId: entity.order_id, razorpayPaymentId: entity.id, amountPaise: entity.amount! });
      return confirmed.kind === 'refund' ? confirmed.stored : [];
    }
    if (event.event === 'refund.processed' && refundId) await payments.markRefundProcessed(tx, refundId);
    if (event.event?.startsWith('transfer.') || event.event === 'settlement.processed') await transfers.onRouteWebhook(tx, event);
    return [];
  });
  void payments.refundSoon(p, stored, 0);
  if (activated) hooks.activated();
  return { received: true };
}
