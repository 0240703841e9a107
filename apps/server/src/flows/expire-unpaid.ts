import type { FastifyBaseLogger } from 'fastify';
import * as bookings from '../modules/bookings/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as quotes from '../modules/quotes/service.ts';
import { confirmIn } from './confirm-payment.ts';
import { sweepMoves } from './reschedule.ts';

const EXPIRY_SWEEP_MS = 60_000;

/**
 * Asks the gateway about every payment on the gateway orders of one order or booking due to expire, and confirms
 * each captured one as verify or the webhook would (each its own transaction, after the call): a payment that pays
 * what is owed is adopted (the order or booking becomes Paid and is not expired), any other is refunded once. Money
 * taken while verify was refused, or whose verify and webhook never came, is so never kept (issue 30). False when
 * the gateway could not be asked: the caller then keeps the order for the next sweep.
 */
async function settleAtGateway(p: payments.Payments, target: { orderId: string } | { bookingId: string }, log: FastifyBaseLogger | undefined) {
  const stored: payments.RefundRow[] = [];
  try {
    for (const row of await payments.unpaidGatewayOrders(p.db, target)) {
      for (const paid of await payments.capturedAtGateway(p, row)) {
        const confirmed = await p.db.transaction((tx) => confirmIn(tx, { razorpayOrderId: row.razorpayOrderId!, razorpayPaymentId: paid.id, amountPaise: paid.amount }));
        if (confirmed.kind === 'refund') stored.push(...confirmed.stored);
      }
    }
    return true;
  } catch (err) {
    log?.warn({ err, ...target }, 'could not ask the gateway about an unpaid order before expiring it; kept for the next sweep');
    return false;
  } finally {
    // Stored refunds are requested now; the payment worker retries any that do not go through.
    void payments.refundSoon(p, stored, 0);
  }
}

/**
 * Cancels online orders and bookings still unpaid after 30 minutes, then voids their gateway orders so the worker
 * makes none of those still to be made. Before that, it asks the gateway whether any of their gateway orders was
 * paid after all (`settleAtGateway`); one the gateway cannot be asked about waits for the next sweep. A payment that
 * lands later still is refunded by its confirmation (the order has nothing live to pay). Sweeps may overlap (one per
 * process): each step is once by its row locks and unique keys.
 */
export async function expireUnpaid(p: payments.Payments, now = new Date(), log?: FastifyBaseLogger) {
  const db = p.db;
  const keepOrders = new Set<string>();
  const keepBookings = new Set<string>();
  if (p.gateway) {
    for (const orderId of await orders.unpaidOnlineOrderIds(db, now)) if (!(await settleAtGateway(p, { orderId }, log))) keepOrders.add(orderId);
    for (const bookingId of await bookings.unpaidOnlineBookingIds(db, now)) if (!(await settleAtGateway(p, { bookingId }, log))) keepBookings.add(bookingId);
  }
  const expiredOrders = await orders.expireUnpaidOrders(db, now, keepOrders);
  // A job booked from a quote and never paid gives the quote back to its customer (decision records 044, 048).
  const expiredBookings = await bookings.expireUnpaidBookings(db, now, keepBookings, (tx, row) => (row.kind === 'job' ? quotes.reopenForEndedJob(tx, row.id, 'unpaid', now) : Promise.resolve()));
  if (expiredOrders.length + expiredBookings.length > 0) {
    await db.transaction(async (tx) => {
      for (const orderId of expiredOrders) await payments.voidUnpaid(tx, { orderId });
      for (const bookingId of expiredBookings) await payments.voidUnpaid(tx, { bookingId });
    });
  }
  return { orders: expiredOrders, bookings: expiredBookings };
}

/** The sweep every minute; returns its stop. */
export function startExpirySweep(p: payments.Payments, log: FastifyBaseLogger) {
  const timer = setInterval(() => {
    expireUnpaid(p, new Date(), log).catch((err: unknown) => log.error({ err }, 'unpaid-order expiry failed'));
    // Reschedules' unpaid fees and unanswered proposals (decision record 041).
    sweepMoves(p, new Date(), log).catch((err: unknown) => log.error({ err }, 'booking move sweep failed'));
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
