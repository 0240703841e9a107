import type { FastifyBaseLogger } from 'fastify';
import { RESCHEDULE_MSG, daysAfterMove, movableDays, rescheduleTerms, type RescheduleBody, type RescheduleSettings } from '@nirmaan/shared/reschedule';
import { slotMinutes } from '@nirmaan/shared/calendar';
import { JOB_LIMITS, JOB_MSG } from '@nirmaan/shared/jobs';
import type { RescheduleInfo, RescheduleResponse } from '@nirmaan/shared';
import { addDays } from '@nirmaan/shared/dates';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as calendar from '../modules/calendar/service.ts';
import * as payments from '../modules/payments/service.ts';
import { holdJobDays } from './book-job.ts';
import { cancelBookingForLapse } from './cancel-refund.ts';

/**
 * Rescheduling (issue 34, decision record 041). Every move that takes a slot runs in one transaction: the booking's
 * row lock, then the professional's calendar row lock (as a new booking takes it), the professional's live jobs read
 * without this booking, the new slot checked by the calendar's own rules, and the move written. Of racing moves onto
 * one free slot, the first through the lock wins; the others get 409 and keep their old slot.
 */

/** How long a move waiting for its fee holds the new slot (like an unpaid online booking). */
export const FEE_HOLD_MS = 30 * 60 * 1000;

const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/**
 * Inside the transaction, the booking locked: takes the professional's calendar lock and finds where the move takes
 * the booking, refusing a slot the calendar does not offer or a full one (the booking's own time left out). A
 * multi-day job (decision record 044) moves whole, every day checked at once from the new first day (all or none),
 * or one day at a time (`day`) to another working day; either keeps its daily start.
 */
async function targetFor(tx: Tx, row: bookings.BookingRow, to: RescheduleBody): Promise<bookings.MoveTarget> {
  const rules = await calendar.lockProfessional(tx, row.vendorId);
  const pincode = row.address.zip || null;
  const from = { fromDate: row.serviceDate, fromTime: row.serviceTime, toTime: to.serviceTime, fromDays: row.days };
  if (!row.days) {
    const jobs = await bookings.liveJobs(tx, row.vendorId, addDays(to.serviceDate, -calendar.REACH_DAYS), addDays(to.serviceDate, calendar.REACH_DAYS), row.id);
    calendar.assertBookable(rules, to.serviceDate, to.serviceTime, jobs, pincode);
    return { ...from, scope: 'slot', toDate: to.serviceDate, toDays: null };
  }
  if (to.serviceTime !== row.serviceTime) throw new AppError('BAD_REQUEST', JOB_MSG.startTime(row.serviceTime));
  const start = slotMinutes(row.serviceTime) ?? 0;
  const w = { start, end: start + row.jobMinutes };
  if (to.day === undefined) {
    const days = await holdJobDays(tx, row.vendorId, rules, w, to.serviceDate, row.days.length, pincode, row.id);
    return { ...from, scope: 'job', toDate: days[0]!, toDays: days };
  }
  if (row.days.includes(to.serviceDate)) throw new AppError('BAD_REQUEST', RESCHEDULE_MSG.dayTaken);
  if (row.status === 'In progress' && to.serviceDate <= row.days[0]!) throw new AppError('BAD_REQUEST', RESCHEDULE_MSG.afterFirstDay);
  const days = daysAfterMove(row.days, to.day, to.serviceDate);
  if (daysBetween(days[0]!, days[days.length - 1]!) >= JOB_LIMITS.spanDays) throw new AppError('BAD_REQUEST', RESCHEDULE_MSG.spanTooLong);
  await holdJobDays(tx, row.vendorId, rules, w, to.serviceDate, 1, pincode, row.id);
  return { ...from, scope: 'day', fromDate: to.day, toDate: to.serviceDate, toDays: days };
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
    const target = await targetFor(tx, row, to);
    if (open?.status === 'proposed') await bookings.supersede(tx, open.id);
    if (terms === 'free') {
      const { move, booking } = await bookings.moveNow(tx, row, target, 'customer');
      return { message: 'Booking rescheduled.', booking: await bookings.customerView(tx, booking), move: bookings.moveToWire(move), payment: null };
    }
    const move = await bookings.holdForFee(tx, row, target, s.feePaise, new Date(now.getTime() + FEE_HOLD_MS));
    await payments.requestGatewayOrder(p, tx, { moveId: move.id }, s.feePaise);
    return { message: 'The new time is held for 30 minutes. Pay the rescheduling fee to move your booking.', booking: await bookings.customerView(tx, row), move: bookings.moveToWire(move), payment: null };
  });
  if (made.move.status === 'awaiting_fee') made.payment = await payments.startFor(p, { moveId: made.move.id });
  return made;
}

/** GET /api/bookings/{id}/reschedule: the customer's booking and what moving it costs now (a job: whole, and each day that may move). */
export async function rescheduleInfo(db: Db, s: RescheduleSettings, customerId: string, id: string): Promise<RescheduleInfo> {
  const row = await bookings.findCustomerBooking(db, customerId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  const open = await bookings.openMove(db, row.id);
  const now = new Date();
  const priced = (t: 'free' | 'fee') => (open?.status === 'proposed' || t === 'free' ? 'free' : row.paymentMethod === 'cash' ? 'cash' : 'fee');
  let terms: RescheduleInfo['terms'] = 'closed';
  if (['Pending', 'Confirmed'].includes(row.status)) {
    const t = rescheduleTerms(bookings.slotStart(row.serviceDate, row.serviceTime), now, s.freeHours);
    if (t !== 'started') terms = priced(t);
  }
  const info: RescheduleInfo = { booking: await bookings.customerView(db, row), terms, feePaise: s.feePaise, freeHours: s.freeHours, timeZone: 'Asia/Kolkata' };
  if (row.days) info.days = movableDays({ status: row.status, days: row.days, serviceTime: row.serviceTime }, now, s.freeHours).map((d) => ({ date: d.date, terms: priced(d.terms) }));
  return info;
}

/** POST /api/vendor/bookings/{id}/propose: the professional proposes a free slot of theirs; it is held until the customer answers or it lapses. */
export async function proposeTime(p: payments.Payments, s: RescheduleSettings, vendorId: string, id: string, to: RescheduleBody) {
  const now = new Date();
  return p.db.transaction(async (tx) => {
    const row = await bookings.lockVendorsForMove(tx, vendorId, id);
    bookings.termsFor(row, to, s, now);
    const open = await bookings.openMove(tx, row.id);
    if (open) throw new AppError('CONFLICT', open.status === 'proposed' ? RESCHEDULE_MSG.proposalOpen : RESCHEDULE_MSG.awaitingFee);
    const target = await targetFor(tx, row, to);
    const move = await bookings.propose(tx, row, target, new Date(now.getTime() + s.proposalLapseHours * 3_600_000));
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
