import { RESCHEDULE_MSG, movableDays, proposalLapsed, rescheduleTerms, slotStartsAt, type BookingMove, type RescheduleBody, type RescheduleSettings } from '@nirmaan/shared/reschedule';
import { formatPaise } from '@nirmaan/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import { findCustomerContact } from '../auth/service.ts';
import { vendorContacts } from '../vendors/service.ts';
import { bookingMovedEmail, dayProposalLapsedEmail, proposalLapsedEmail, timeProposedEmail } from './emails.ts';
import * as repo from './repository.ts';

/**
 * Rescheduling (issue 34, decision record 041): the moves of a booking. A customer's move is `done` at once, or
 * `awaiting_fee` (holding the new slot) until its fee is paid; a professional's proposal is `proposed` (holding the
 * proposed slot) until the customer accepts it, picks another slot, or it lapses. The flow (flows/reschedule.ts)
 * takes the professional's calendar lock and checks the new slot; this file keeps the rows and mails.
 */

export type MoveRow = repo.MoveRow;
type Booking = repo.BookingRow;
const LIVE: Booking['status'][] = ['Pending', 'Confirmed'];
/** A multi-day job's later days may move while it is In progress (decision record 044). */
const DAY_LIVE: Booking['status'][] = ['Pending', 'Confirmed', 'In progress'];

/**
 * Where a move takes a booking: one slot, a whole multi-day job (`from`/`to` its first day), or one day of a job
 * (`from`/`to` that day); a job's days before and after. Checked free under the calendar lock by the flow.
 */
export interface MoveTarget {
  scope: MoveRow['scope'];
  fromDate: string; fromTime: string; toDate: string; toTime: string;
  fromDays: string[] | null; toDays: string[] | null;
}

/** When a slot starts, as an instant (India: UTC+05:30, no daylight saving). */
const startOf = slotStartsAt;

export const moveToWire = (m: MoveRow): BookingMove => ({
  id: m.id, kind: m.kind, status: m.status,
  from: { serviceDate: m.fromDate, serviceTime: m.fromTime }, to: { serviceDate: m.toDate, serviceTime: m.toTime },
  feePaise: m.feePaise, expiresAt: m.expiresAt?.toISOString() ?? null, createdAt: m.createdAt.toISOString(),
  scope: m.scope, ...(m.fromDays ? { fromDays: m.fromDays } : {}), ...(m.toDays ? { toDays: m.toDays } : {}),
});

/** The moves of these bookings, oldest first, by booking id (the timelines of My orders and the portal). */
export async function movesByBooking(db: Db | Tx, ids: readonly string[]) {
  const by = new Map<string, BookingMove[]>();
  for (const m of await repo.movesOf(db, ids)) by.set(m.bookingId, [...(by.get(m.bookingId) ?? []), moveToWire(m)]);
  return by;
}

/** The customer's own booking, locked (its payment, cancel and moves take turns); 404 for another's. */
export async function lockOwnedForMove(tx: Tx, customerId: string, id: string) {
  const row = await repo.findOwned(tx, customerId, id, { lock: true });
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  return row;
}

/** The professional's own booking, locked; 404 for another's. */
export async function lockVendorsForMove(tx: Tx, vendorId: string, id: string) {
  const row = await repo.findOfVendor(tx, vendorId, id, { lock: true });
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  return row;
}

export const openMove = (db: Db | Tx, bookingId: string) => repo.findOpenMove(db, bookingId);
export const findMove = (db: Db | Tx, id: string) => repo.findMove(db, id);

/**
 * What moving this booking costs now: refused once it started (its start passed, or it is no longer Pending or
 * Confirmed), free outside the window, a fee inside it (refused for cash). `sameSlot` is refused too. With `day`, one
 * day of a multi-day job moves, by that day's start: a started job's later days too, never its first (decision 044).
 */
export function termsFor(row: Booking, to: RescheduleBody, s: RescheduleSettings, now = new Date()) {
  if (to.day !== undefined) return dayTermsFor(row, { ...to, day: to.day }, s, now);
  if (row.status === 'In progress' && row.days) throw new AppError('CONFLICT', RESCHEDULE_MSG.jobStarted);
  if (!LIVE.includes(row.status)) throw new AppError('CONFLICT', RESCHEDULE_MSG.notLive(row.status === 'Completed' ? 'Completed' : row.status));
  const terms = rescheduleTerms(startOf(row.serviceDate, row.serviceTime), now, s.freeHours);
  if (terms === 'started') throw new AppError('CONFLICT', RESCHEDULE_MSG.started);
  if (row.serviceDate === to.serviceDate && row.serviceTime === to.serviceTime) throw new AppError('BAD_REQUEST', RESCHEDULE_MSG.sameSlot);
  return terms;
}

function dayTermsFor(row: Booking, to: RescheduleBody & { day: string }, s: RescheduleSettings, now: Date) {
  if (row.kind !== 'job' || !row.days) throw new AppError('BAD_REQUEST', RESCHEDULE_MSG.notAJob);
  if (!DAY_LIVE.includes(row.status)) throw new AppError('CONFLICT', RESCHEDULE_MSG.notLive(row.status));
  if (!row.days.includes(to.day)) throw new AppError('BAD_REQUEST', RESCHEDULE_MSG.notJobDay);
  if (row.status === 'In progress' && to.day === row.days[0]) throw new AppError('CONFLICT', RESCHEDULE_MSG.dayStarted);
  const terms = rescheduleTerms(startOf(to.day, row.serviceTime), now, s.freeHours);
  if (terms === 'started') throw new AppError('CONFLICT', RESCHEDULE_MSG.dayStarted);
  if (to.day === to.serviceDate) throw new AppError('BAD_REQUEST', RESCHEDULE_MSG.sameSlot);
  return terms;
}

/** Whether the customer may still move it (live, not started; a job while one of its days may move): My orders' Reschedule button. */
export function reschedulable(row: Booking, now = new Date()) {
  if (row.days) return movableDays({ status: row.status, days: row.days, serviceTime: row.serviceTime }, now, 0).length > 0;
  return LIVE.includes(row.status) && startOf(row.serviceDate, row.serviceTime) > now;
}

const targetColumns = (t: MoveTarget) => ({
  scope: t.scope, fromDate: t.fromDate, fromTime: t.fromTime, toDate: t.toDate, toTime: t.toTime, fromDays: t.fromDays, toDays: t.toDays,
});

async function mailMove(tx: Tx, row: Booking, move: MoveRow, by: 'customer' | 'professional') {
  const account = await findCustomerContact(tx, row.customerId);
  const pro = (await vendorContacts(tx, [row.vendorId])).get(row.vendorId);
  const about = {
    customer: account?.fullName ?? '', vendor: pro?.businessName ?? '', from: { date: move.fromDate, time: move.fromTime }, to: { date: move.toDate, time: move.toTime },
    by, fee: move.feePaise > 0 ? formatPaise(move.feePaise) : null, scope: move.scope, days: move.toDays,
  };
  if (account) await enqueueEmail(tx, bookingMovedEmail(account.email, { ...about, name: account.fullName, lang: account.language }));
  if (pro) await enqueueEmail(tx, bookingMovedEmail(pro.email, { ...about, name: pro.ownerName ?? pro.businessName, lang: pro.language }));
}

/**
 * Inside the flow's transaction, the booking locked and the new slot found free under the calendar lock: the move,
 * done now (the booking takes the new slot, its old one free in the same statement) and mailed to both sides.
 */
export async function moveNow(tx: Tx, row: Booking, to: MoveTarget, by: 'customer' | 'professional') {
  const move = await repo.insertMove(tx, { bookingId: row.id, kind: 'customer', status: 'done', ...targetColumns(to), decidedAt: new Date() });
  const moved = await repo.moveBooking(tx, row.id, move);
  if (!moved) throw new AppError('CONFLICT', RESCHEDULE_MSG.notLive(row.status));
  await mailMove(tx, row, move, by);
  return { move, booking: moved };
}

/** Inside the flow's transaction: a move that holds the new slot until its fee is paid (or it expires at `expiresAt`). */
export async function holdForFee(tx: Tx, row: Booking, to: MoveTarget, feePaise: number, expiresAt: Date) {
  return repo.insertMove(tx, { bookingId: row.id, kind: 'customer', status: 'awaiting_fee', ...targetColumns(to), feePaise, expiresAt });
}

/**
 * The fee of an `awaiting_fee` move was paid (inside the payment's confirmation, the booking locked): the booking
 * takes the slot the move held, once. Null when the move is no longer awaiting its fee (the payment is then refunded).
 */
export async function feePaid(tx: Tx, move: MoveRow) {
  const decided = await repo.decideMove(tx, move.id, ['awaiting_fee'], 'done');
  if (!decided) return null;
  const row = (await repo.findById(tx, move.bookingId))!;
  const moved = await repo.moveBooking(tx, row.id, move);
  if (!moved) return null;
  await mailMove(tx, row, move, 'customer');
  return moved;
}

/** A fee not paid in time: the held slot is free again, the booking keeps its slot. Once, however many sweeps race. */
export const expireFeeMove = (tx: Tx, id: string) => repo.decideMove(tx, id, ['awaiting_fee'], 'expired');

/** Inside the flow's transaction, the slot found free: the professional's proposal, holding it until `expiresAt`; the customer is mailed. */
export async function propose(tx: Tx, row: Booking, to: MoveTarget, expiresAt: Date) {
  const move = await repo.insertMove(tx, { bookingId: row.id, kind: 'proposal', status: 'proposed', ...targetColumns(to), expiresAt });
  const account = await findCustomerContact(tx, row.customerId);
  const pro = (await vendorContacts(tx, [row.vendorId])).get(row.vendorId);
  if (account) {
    await enqueueEmail(tx, timeProposedEmail(account.email, {
      name: account.fullName, lang: account.language, vendor: pro?.businessName ?? '', from: { date: to.fromDate, time: to.fromTime }, to: { date: to.toDate, time: to.toTime }, until: expiresAt,
      // Its lapse cannot cancel a job already begun (cancelForLapse cancels only Pending or Confirmed): the day stays.
      started: row.status === 'In progress',
    }));
  }
  return move;
}

/** The customer accepts the open proposal (booking locked): the booking takes the held slot; both sides are mailed. */
export async function acceptProposal(tx: Tx, row: Booking, now = new Date()) {
  const open = await repo.findOpenMove(tx, row.id);
  if (open?.status !== 'proposed') throw new AppError('CONFLICT', RESCHEDULE_MSG.noProposal);
  if (open.expiresAt && proposalLapsed(open.expiresAt, now)) throw new AppError('CONFLICT', 'The proposed time has lapsed.');
  if (!(open.scope === 'day' ? DAY_LIVE : LIVE).includes(row.status)) throw new AppError('CONFLICT', RESCHEDULE_MSG.notLive(row.status));
  const decided = (await repo.decideMove(tx, open.id, ['proposed'], 'accepted'))!;
  const moved = await repo.moveBooking(tx, row.id, open);
  if (!moved) throw new AppError('CONFLICT', RESCHEDULE_MSG.notLive(row.status));
  await mailMove(tx, row, decided, 'professional');
  return { move: decided, booking: moved };
}

/** The customer picked another slot while a proposal was open: it ends, its held slot free. */
export const supersede = (tx: Tx, id: string) => repo.decideMove(tx, id, ['proposed'], 'superseded');

/** Open moves whose time ran out: fees awaited, proposals to lapse. */
export const dueFeeMoves = (db: Db, now: Date) => repo.dueMoves(db, 'awaiting_fee', now, 100);
export const dueProposals = (db: Db, now: Date) => repo.dueMoves(db, 'proposed', now, 100);

/**
 * An unanswered proposal lapses, once (its conditional update, under the booking's row lock): the live booking is
 * cancelled, a paid one refunded in full (`afterCancel`: the cancel flow's own step), and both sides are mailed.
 * False when it was answered meanwhile.
 */
export async function cancelForLapse(db: Db, moveId: string, pay: { afterCancel(tx: Tx, booking: Booking): Promise<boolean> }) {
  return db.transaction(async (tx) => {
    const move = await repo.findMove(tx, moveId);
    if (!move) return false;
    const row = (await repo.lockBooking(tx, move.bookingId))!;
    if (!(await repo.decideMove(tx, moveId, ['proposed'], 'lapsed'))) return false;
    const cancelled = await repo.transition(tx, row.id, LIVE, 'Cancelled');
    // A day of a job already begun stays as booked, and both sides are told; a booking cancelled or declined
    // meanwhile: the proposal simply ends.
    if (!cancelled) {
      if (row.status === 'In progress' && move.scope === 'day') await mailDayKept(tx, row, move.fromDate);
      return true;
    }
    const refunded = await pay.afterCancel(tx, cancelled);
    if (refunded) await repo.markRefunded(tx, row.id);
    await mailLapsed(tx, row, refunded);
    return true;
  });
}

/** Both sides are told an unanswered proposal for a day of a started job leaves that day as booked. */
async function mailDayKept(tx: Tx, row: Booking, day: string) {
  const account = await findCustomerContact(tx, row.customerId);
  const pro = (await vendorContacts(tx, [row.vendorId])).get(row.vendorId);
  const about = { vendor: pro?.businessName ?? '', date: day, time: row.serviceTime };
  if (account) await enqueueEmail(tx, dayProposalLapsedEmail(account.email, { ...about, name: account.fullName, lang: account.language }));
  if (pro) await enqueueEmail(tx, dayProposalLapsedEmail(pro.email, { ...about, name: pro.ownerName ?? pro.businessName, lang: pro.language }));
}

/** The customer is told the proposal lapsed and the booking is cancelled (refunded in full when it was paid). */
export async function mailLapsed(tx: Tx, row: Booking, refunded: boolean) {
  const account = await findCustomerContact(tx, row.customerId);
  const pro = (await vendorContacts(tx, [row.vendorId])).get(row.vendorId);
  const about = { vendor: pro?.businessName ?? '', date: row.serviceDate, time: row.serviceTime, refund: refunded ? formatPaise(row.totalAmountPaise) : null };
  if (account) await enqueueEmail(tx, proposalLapsedEmail(account.email, { ...about, name: account.fullName, lang: account.language }));
  if (pro) await enqueueEmail(tx, proposalLapsedEmail(pro.email, { ...about, name: pro.ownerName ?? pro.businessName, lang: pro.language }));
}
