import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as payments from '../modules/payments/service.ts';

const EXPIRY_SWEEP_MS = 60_000;

/**
 * Cancels online orders and bookings still unpaid after 30 minutes, then voids their gateway orders so the worker
 * makes none of those still to be made. A payment that lands in between is refunded by the confirmation (the
 * order has nothing live to pay).
 */
export async function expireUnpaid(db: Db, now = new Date()) {
  const expiredOrders = await orders.expireUnpaidOrders(db, now);
  const expiredBookings = await bookings.expireUnpaidBookings(db, now);
  if (expiredOrders.length + expiredBookings.length > 0) {
    await db.transaction(async (tx) => {
      for (const orderId of expiredOrders) await payments.voidUnpaid(tx, { orderId });
      for (const bookingId of expiredBookings) await payments.voidUnpaid(tx, { bookingId });
    });
  }
  return { orders: expiredOrders, bookings: expiredBookings };
}

/** The sweep every minute; returns its stop. */
export function startExpirySweep(db: Db, log: FastifyBaseLogger) {
  const timer = setInterval(() => {
    expireUnpaid(db).catch((err: unknown) => log.error({ err }, 'unpaid-order expiry failed'));
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
