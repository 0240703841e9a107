import type { FastifyBaseLogger } from 'fastify';
import { RESCHEDULE_MSG, rescheduleTerms, type RescheduleBody, type RescheduleSettings } from '@nirmaan/shared/reschedule';
import type { RescheduleInfo, RescheduleResponse } from '@nirmaan/shared';
import { addDays } from '@nirmaan/shared/dates';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as calendar from '../modules/calendar/service.ts';
import * as payments from '../modules/payments/service.ts';
import { cancelBookingForLapse } from './cancel-refund.ts';

/**
 * Rescheduling (issue 34, decision record 041). Every move that takes a slot runs in one transaction: the booking's
 * row lock, then the professional's calendar row lock (as a new booking takes it), the professional's live jobs read
 * without this booking, the new slot checked by the calendar's own rules, and the move written. Of racing moves onto
 * one free slot, the first through the lock wins; the others get 409 and keep their old slot.
 */

/** How long a move waiting for its fee holds the new slot (like an unpaid online booking). */
export const FEE_HOLD_MS = 30 * 60 * 1000;

/** Inside the transaction, with the calendar locked: refuses a slot the calendar does not offer, or a full one. */
async function assertFree(tx: Tx, row: bookings.BookingRow, to: RescheduleBody) {
  const rules = await calendar.lockProfessional(tx, row.vendorId);
  const jobs = await bookings.liveJobs(tx, row.vendorId, addDays(to.serviceDate, -calendar.REACH_DAYS), addDays(to.serviceDate, calendar.REACH_DAYS), row.id);
  calendar.assertBookable(rules, to.serviceDate, to.serviceTime, jobs, row.address.zip || null);
}

/**
 * POST /api/bookings/{id}/reschedule: the customer moves their booking. Free outside the window (and always when the
 * professional proposed a change); inside it, a cash booking is refused and an online one holds the new slot until
 * its fee is paid through the gateway (the answer carries checkout.js's fields); after the start, refused.
 */
export async function reschedule(p: payments.Payments, s: RescheduleSettings, customerId: string, id: string, to: RescheduleBody): Promise<RescheduleResponse> {
  const now = new Date();
  const made: RescheduleResponse = await p.db.transaction(async (tx): Promise<RescheduleResponse> => {
    const row = await bookings.lockOwnedForMove(tx, customerId, id);
    let terms = bookings.termsFor(row, to, s, now);
    const open = await bookings.openMove(tx, row.id);
    if (open?.status === 'awaiting_fee') throw new AppError('CONFLICT', RESCHEDULE_MSG.awaitingFee);
    // The professional asked for a change: the customer's own choice of another slot costs nothing.
    if (open?.status === 'proposed') terms = 'free';
    if (terms === 'fee' && row.paymentMethod === 'cash') throw new AppError('CONFLICT', RESCHEDULE_MSG.cashInWindow(s.freeHours));
    if (terms === 'fee') payments.requireGateway(p);
    await assertFree(tx, row, to);
    if (open?.status === 'proposed') await bookings.supersede(tx, open.id);
    if (terms === 'free') {
      const { move, booking } = await bookings.moveNow(tx, row, to, 'customer');
      return { message: 'Booking rescheduled.', booking: await bookings.customerView(tx, booking), move: bookings.moveToWire(move), payment: null };
    }
    const move = await bookings.holdForFee(tx, row, to, s.feePaise, new Date(now.getTime() + FEE_HOLD_MS));
    await payments.requestGatewayOrder(p, tx, { moveId: move.id }, s.feePaise);
    return { message: 'The new time is held for 30 minutes. Pay the rescheduling fee to move your booking.', booking: await bookings.customerView(tx, row), move: bookings.moveToWire(move), payment: null };
  });
  if (made.move.status === 'awaiting_fee') made.payment = await payments.startFor(p, { moveId: made.move.id });
  return made;
}

/** GET /api/bookings/{id}/reschedule: the customer's booking and what moving it costs now. */
export async function rescheduleInfo(db: Db, s: RescheduleSettings, customerId: string, id: string): Promise<RescheduleInfo> {
  const row = await bookings.findCustomerBooking(db, customerId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  const open = await bookings.openMove(db, row.id);
  let terms: RescheduleInfo['terms'] = 'closed';
  if (bookings.reschedulable(row)) {
    const t = rescheduleTerms(bookings.slotStart(row.serviceDate, row.serviceTime), new Date(), s.freeHours);
    terms = t === 'started' ? 'closed' : open?.status === 'proposed' || t === 'free' ? 'free' : row.paymentMethod === 'cash' ? 'cash' : 'fee';
  }
  return { booking: await bookings.customerView(db, row), terms, feePaise: s.feePaise, freeHours: s.freeHours, timeZone: 'Asia/Kolkata' };
}

/** POST /api/vendor/bookings/{id}/propose: the professional proposes a free slot of theirs; it is held until the customer answers or it lapses. */
export async function proposeTime(p: payments.Payments, s: RescheduleSettings, vendorId: string, id: string, to: RescheduleBody) {
  const now = new Date();
  return p.db.transaction(async (tx) => {
    const row = await bookings.lockVendorsForMove(tx, vendorId, id);
    bookings.termsFor(row, to, s, now);
    const open = await bookings.openMove(tx, row.id);
    if (open) throw new AppError('CONFLICT', open.status === 'proposed' ? RESCHEDULE_MSG.proposalOpen : RESCHEDULE_MSG.awaitingFee);
    await assertFree(tx, row, to);
    const move = await bookings.propose(tx, row, to, new Date(now.getTime() + s.proposalLapseHours * 3_600_000));
    return { message: 'New time proposed. The customer has been told.', move: bookings.moveToWire(move) };
  });
}

/** POST /api/bookings/{id}/proposal/accept: the customer takes the proposed time (the slot was held for them). */
export async function acceptProposal(p: payments.Payments, customerId: string, id: string): Promise<RescheduleResponse> {
  return p.db.transaction(async (tx) => {
    const row = await bookings.lockOwnedForMove(tx, customerId, id);
    const { move, booking } = await bookings.acceptProposal(tx, row);
    return { message: 'Booking rescheduled.', booking: await bookings.customerView(tx, booking), move: bookings.moveToWire(move), payment: null };
  });
}

/**
 * The sweep's part for moves: a fee not paid within 30 minutes frees its held slot (its gateway order voided; a
 * payment that lands later is refunded by its confirmation), and an unanswered proposal lapses: the booking is
 * cancelled with a full refund and both sides are mailed. Each is once by its conditional update, under the
 * booking's row lock, however many sweeps overlap.
 */
export async function sweepMoves(p: payments.Payments, now = new Date(), log?: FastifyBaseLogger) {
  const expired: string[] = [];
  for (const due of await bookings.dueFeeMoves(p.db, now)) {
    await p.db.transaction(async (tx) => {
      await bookings.lockBooking(tx, due.bookingId);
      if (!(await bookings.expireFeeMove(tx, due.id))) return;
      await payments.voidUnpaid(tx, { moveId: due.id });
      expired.push(due.id);
    });
  }
  const lapsed: string[] = [];
  for (const due of await bookings.dueProposals(p.db, now)) {
    try {
      if (await cancelBookingForLapse(p, due.id)) lapsed.push(due.bookingId);
    } catch (err) {
      log?.warn({ err, moveId: due.id }, 'a lapsed proposal could not be cancelled; kept for the next sweep');
    }
  }
  return { expired, lapsed };
}
