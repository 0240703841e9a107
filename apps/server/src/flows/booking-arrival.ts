import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import * as bookings from '../modules/bookings/service.ts';
import { bookingCompleted, type MoneySettings } from './money-events.ts';

/**
 * Completion of a booking by its customer, or by itself 48 hours after the job (decision record 043). Both run the
 * one completion path the professional's "Completed" runs (`money-events.bookingCompleted`: the transfer's release,
 * or the commission owed on a cash job, and the invoice), inside the completing transaction.
 */
const afterCompleted = (money: MoneySettings) => (tx: Tx, booking: bookings.BookingRow) => bookingCompleted(tx, money, booking);

export const completeBookingAsCustomer = (db: Db, money: MoneySettings, customerId: string, id: string) =>
  bookings.completeAsCustomer(db, customerId, id, afterCompleted(money));

/** One pass of the completion sweep at `now` (a parameter: the tests drive the clock). */
export const autoCompleteBookings = (db: Db, money: MoneySettings, now = new Date()) => bookings.autoCompleteDue(db, now, afterCompleted(money));

const AUTO_COMPLETE_SWEEP_MS = 10 * 60_000;

/** The sweep every ten minutes; `after` runs when it completed any (pokes the outboxes). Returns its stop. */
export function startAutoCompleteSweep(db: Db, money: MoneySettings, log: FastifyBaseLogger, after: (ids: string[]) => void) {
  const timer = setInterval(() => {
    autoCompleteBookings(db, money).then((ids) => { if (ids.length > 0) after(ids); }, (err: unknown) => log.error({ err }, 'booking auto-completion failed'));
  }, AUTO_COMPLETE_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
