import { randomInt } from 'node:crypto';
import { AUTO_COMPLETE_HOURS, BOOKING_ARRIVAL_MSG, START_CODE_TRIES, type ServiceOrder } from '@nirmaan/shared';
import { slotMinutes } from '@nirmaan/shared/calendar';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import { findCustomerContact } from '../auth/service.ts';
import { vendorNames } from '../vendors/service.ts';
import * as whatsapp from '../whatsapp/service.ts';
import { autoCompletedEmail, onTheWayEmail } from './arrival-emails.ts';
import { bookingStatusEmail } from './emails.ts';
import * as repo from './repository.ts';

/**
 * Arrival and completion of a booking (issue 34, decision record 043). The professional says they are on the way
 * and, at the door, enters the customer's 4-digit start code (the booking becomes In progress); the customer
 * confirms completion, or it completes by itself 48 hours after the job's end. Completion runs the same money steps
 * as the professional's "Completed" (`afterCompleted`: the transfer's release, the invoice).
 */

/** A new booking's start code: 4 digits from the operating system's strong source, as delivery codes (decision 032). */
export const newStartCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** When a booking's job ends: its (last day's) start in India plus its length (the calendar's job minutes as booked). */
export function jobEnd(row: Pick<repo.BookingRow, 'serviceDate' | 'serviceTime' | 'jobMinutes'> & { days?: string[] | null }): Date {
  const minutes = slotMinutes(row.serviceTime) ?? 0;
  const lastDay = row.days?.[row.days.length - 1] ?? row.serviceDate;
  const start = new Date(`${lastDay}T00:00:00+05:30`).getTime() + minutes * 60_000;
  return new Date(start + row.jobMinutes * 60_000);
}

/** When a started booking completes by itself without the customer's answer. */
export const autoCompleteAt = (row: Pick<repo.BookingRow, 'serviceDate' | 'serviceTime' | 'jobMinutes'> & { days?: string[] | null }) =>
  new Date(jobEnd(row).getTime() + AUTO_COMPLETE_HOURS * 3_600_000);

/** The arrival fields of a service order; the start code only for the customer's own answer, while it waits. */
export function arrivalFields(row: repo.BookingRow, withCode: boolean): Partial<ServiceOrder> {
  const waiting = row.status === 'Pending' || row.status === 'Confirmed';
  return {
    ...(withCode && waiting && row.startCode ? { startCode: row.startCode } : {}),
    onTheWayAt: row.onTheWayAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    completable: row.status === 'In progress',
    autoCompleteAt: row.status === 'In progress' ? autoCompleteAt(row).toISOString() : null,
    completedBy: row.completedBy ?? null,
  };
}

/**
 * The professional enters the start code (one statement: repo.startWithCode). A wrong code's try is committed and
 * then refused with the tries left; after the fifth, every code is refused (409) and the booking stays Confirmed.
 */
export async function startWithCode(db: Db, vendorId: string, id: string, code: string) {
  const row = await repo.startWithCode(db, vendorId, id, code, START_CODE_TRIES);
  if (row?.status === 'In progress') return row;
  if (row) {
    const left = START_CODE_TRIES - row.startCodeTries;
    if (left <= 0) throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.locked);
    throw new AppError('BAD_REQUEST', `That start code is not right. Ask the customer for the 4-digit code under My orders; ${left} tries left.`);
  }
  const now = await repo.findOfVendor(db, vendorId, id);
  if (!now) throw new AppError('NOT_FOUND', 'Booking not found.');
  if (now.status === 'In progress' || now.status === 'Completed') throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.alreadyStarted);
  if (now.status !== 'Confirmed') throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.notConfirmed);
  throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.locked);
}

async function customerMail(tx: Db | Tx, row: repo.BookingRow) {
  const vendor = (await vendorNames(tx, [row.vendorId])).get(row.vendorId) ?? '';
  const account = (await findCustomerContact(tx, row.customerId))!;
  return { to: account.email, lang: account.language, name: account.fullName, vendor };
}

/**
 * "I'm on my way", once per booking: the customer's WhatsApp message (with consent) and mail, queued in the same
 * transaction as the mark. The mail repeats the start code (the account's own address only, in the body).
 */
export async function markOnTheWay(db: Db, vendorId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await repo.markOnTheWay(tx, vendorId, id);
    if (!row) {
      const now = await repo.findOfVendor(tx, vendorId, id);
      if (!now) throw new AppError('NOT_FOUND', 'Booking not found.');
      if (now.status !== 'Confirmed') throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.onTheWayNotConfirmed);
      throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.onTheWayOnce);
    }
    const m = await customerMail(tx, row);
    await enqueueEmail(tx, onTheWayEmail(m.to, { lang: m.lang, name: m.name, vendor: m.vendor, date: row.serviceDate, time: row.serviceTime, code: row.startCode }));
    await whatsapp.notify(tx, { party: 'customer', id: row.customerId }, 'professional_on_the_way', [m.name, m.vendor, row.serviceTime, row.startCode ?? ''], { ref: { bookingId: row.id } });
    return row;
  });
}

type AfterCompleted = (tx: Tx, booking: repo.BookingRow) => Promise<void>;

/** What follows a completion inside its transaction: the money steps, and the customer's WhatsApp message. */
async function completed(tx: Tx, row: repo.BookingRow, vendor: string, name: string, afterCompleted: AfterCompleted) {
  await afterCompleted(tx, row);
  await whatsapp.notify(tx, { party: 'customer', id: row.customerId }, 'booking_completed', [name, vendor], { ref: { bookingId: row.id } });
}

/** The customer confirms a started (In progress) booking complete, once; racing confirmations complete it once. */
export async function completeAsCustomer(db: Db, customerId: string, id: string, afterCompleted: AfterCompleted) {
  return db.transaction(async (tx) => {
    const row = await repo.findOwned(tx, customerId, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (row.status === 'Pending' || row.status === 'Confirmed') throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.notStartedYet);
    const updated = await repo.complete(tx, id, ['In progress'], 'customer');
    if (!updated) throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.notCompletable);
    const m = await customerMail(tx, row);
    // The customer's receipt, as the professional's "Completed" used to send (decision record 044).
    await enqueueEmail(tx, bookingStatusEmail(m.to, { lang: m.lang, name: m.name, vendor: m.vendor, date: row.serviceDate, time: row.serviceTime, totalPaise: row.totalAmountPaise, address: '', status: 'Completed' }));
    await completed(tx, updated, m.vendor, m.name, afterCompleted);
    return { row: updated, vendorName: m.vendor };
  });
}

/**
 * Completes every started booking whose customer has not answered 48 hours after the job's end, and mails the
 * customer. Each is locked and moved by one conditional statement, so overlapping sweeps (one per process) and a
 * customer's confirmation at the same moment complete it once. `now` is a parameter: tests drive the clock.
 */
export async function autoCompleteDue(db: Db, now: Date, afterCompleted: AfterCompleted) {
  const cutoff = new Date(now.getTime() - AUTO_COMPLETE_HOURS * 3_600_000);
  // A job ends on its own date or later: nothing whose date is after the cutoff's date in India is due.
  const lastDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(cutoff);
  const done: string[] = [];
  for (const candidate of await repo.startedUpTo(db, lastDate, 200)) {
    if (autoCompleteAt(candidate) > now) continue;
    await db.transaction(async (tx) => {
      const row = await repo.lockBooking(tx, candidate.id);
      if (row?.status !== 'In progress') return;
      const updated = await repo.complete(tx, row.id, ['In progress'], 'auto');
      if (!updated) return;
      const m = await customerMail(tx, row);
      await enqueueEmail(tx, autoCompletedEmail(m.to, { lang: m.lang, name: m.name, vendor: m.vendor, date: row.serviceDate, time: row.serviceTime }));
      await completed(tx, updated, m.vendor, m.name, afterCompleted);
      done.push(row.id);
    });
  }
  return done;
}
