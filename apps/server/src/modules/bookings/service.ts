import {
  BOOKING_ARRIVAL_MSG, BOOKING_LIMITS, paiseToRupees, rupeesToPaise, SERVICE_CHARGE, sumPaise, type BookingResponse, type RazorpayStart, type SavedBookingDetails, type ServiceOrder, type StoredBookingAddress, type TakenSlots, type VendorBooking, type ZBookingBody,
} from '@nirmaan/shared';
import { indiaMinute, slotMinutes, type BookedJob } from '@nirmaan/shared/calendar';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { formatPaise } from '@nirmaan/shared/money';
import type { Locale } from '@nirmaan/shared/i18n';
import * as whatsapp from '../whatsapp/service.ts';
import { findCustomerContact } from '../auth/service.ts';
import { vendorNames } from '../vendors/service.ts';
import { bookingCancelledEmail, bookingExpiredEmail, bookingMadeEmail, bookingStatusEmail, newBookingForVendorEmail } from './emails.ts';
import { arrivalFields, newStartCode } from './arrival.ts';
import * as repo from './repository.ts';
import { movesByBooking, reschedulable } from './moves.ts';

export * from './moves.ts';

export { autoCompleteDue, completeAsCustomer, markOnTheWay, startWithCode } from './arrival.ts';

type BookingBody = z.output<typeof ZBookingBody>;
type Status = repo.BookingRow['status'];

/** The payment steps the flows (src/flows) run inside this module's transactions: this module knows no gateway. */
export interface BookingPayment {
  /** Inside a cancel's or decline's transaction (booking row locked): true when its payment goes back. */
  afterCancel(tx: Tx, booking: repo.BookingRow): Promise<boolean>;
}

/**
 * The status moves of this file. Customers cancel; the vendor portal confirms and declines through
 * `changeStatusAsVendor`. Cancelled and Declined free the slot. Starting and completing are arrival.ts's (the start
 * code, then the customer or the sweep: decision records 043 and 044).
 */
export const BOOKING_TRANSITIONS: Record<'cancel' | 'confirm' | 'decline', { from: Status[]; to: Status }> = {
  cancel: { from: ['Pending', 'Confirmed'], to: 'Cancelled' },
  confirm: { from: ['Pending'], to: 'Confirmed' },
  decline: { from: ['Pending', 'Confirmed'], to: 'Declined' },
};

/** Today's date in India, YYYY-MM-DD. */
export const todayInIndia = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);

/** When a slot starts, as an instant (India has no daylight saving: UTC+05:30). */
export function slotStart(date: string, slot: string): Date {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(slot);
  const hour = m ? (Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0) : 0;
  return new Date(`${date}T${String(hour).padStart(2, '0')}:${m?.[2] ?? '00'}:00+05:30`);
}

const isRealDate = (d: string) => {
  const parsed = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
};

function toWire(row: repo.BookingRow, vendorName: string, now = new Date(), opts: { startCode?: boolean } = {}): ServiceOrder {
  const { street = '', city = '', state, zip, latitude, longitude, specialInstructions } = row.address;
  const address = { street, city, state, zip, latitude, longitude, specialInstructions };
  return {
    _id: row.id,
    Vendorid: row.vendorId,
    vendorName,
    serviceDate: row.serviceDate,
    serviceTime: row.serviceTime,
    status: row.status,
    basePrice: paiseToRupees(row.basePricePaise),
    serviceCharge: paiseToRupees(row.serviceChargePaise),
    totalAmount: paiseToRupees(row.totalAmountPaise),
    paymentMethod: row.paymentMethod as ServiceOrder['paymentMethod'],
    paymentStatus: row.paymentStatus,
    address,
    createdAt: row.createdAt.toISOString(),
    cancellable: BOOKING_TRANSITIONS.cancel.from.includes(row.status) && slotStart(row.serviceDate, row.serviceTime) > now,
    reschedulable: reschedulable(row, now),
    // Arrival and completion (decision record 043); the start code only in the customer's own My orders.
    ...arrivalFields(row, opts.startCode === true),
    kind: row.kind,
    ...(row.days ? { days: row.days } : {}),
    ...(row.visitCreditPaise > 0 ? { visitCreditPaise: row.visitCreditPaise } : {}),
  };
}

const MOBILE = /^(\+91)?[6-9]\d{9}$/;

/** The booking's contact as the professional sees it: each field left blank is the account's own. */
export function contactOf(account: { fullName: string; email: string; phone: string | null }, given: BookingBody['customer']) {
  const phone = given.phone || (account.phone ?? '').replace(/[\s-]/g, '');
  if (!MOBILE.test(phone)) throw new AppError('BAD_REQUEST', 'Please enter a 10-digit Indian mobile number.');
  return { fullName: given.fullName || account.fullName, email: given.email || account.email.toLowerCase(), phone, alternatePhone: given.alternatePhone };
}

/**
 * Against calendar hoarding: at most BOOKING_LIMITS.perVendorPerDay live bookings of one professional on one day,
 * and BOOKING_LIMITS.perHour bookings an hour. Counted after the customer's row is locked (the flow locks it), so
 * racing bookings of one customer are counted one after another.
 */
export async function assertWithinLimits(tx: Tx, customerId: string, vendorId: string, date: string) {
  const { sameDay, recent } = await repo.countForLimits(tx, customerId, vendorId, date, new Date(Date.now() - 60 * 60 * 1000));
  if (sameDay >= BOOKING_LIMITS.perVendorPerDay) {
    throw new AppError('CONFLICT', `You already have ${BOOKING_LIMITS.perVendorPerDay} bookings with this professional on this day. Please choose another day.`);
  }
  if (recent >= BOOKING_LIMITS.perHour) {
    throw new AppError('RATE_LIMITED', `You have made ${BOOKING_LIMITS.perHour} bookings in the last hour. Please try again later.`, { 'retry-after': '3600' });
  }
}

const oneLine = (a: StoredBookingAddress) => [a.street, a.city, a.state, a.zip].filter(Boolean).join(', ');

/**
 * A booking body's own rules, before anything is read: for the customer's own account, a real date, not past. The
 * professional's calendar decides the rest (hours, horizon, capacity) under its lock: `calendar.assertBookable`.
 */
export function assertBookable(customerId: string, body: BookingBody) {
  if (body.customerid !== customerId) throw new AppError('FORBIDDEN', 'You can only book for your own account.');
  if (!isRealDate(body.serviceDate)) throw new AppError('BAD_REQUEST', 'Please choose a valid date.');
  if (body.serviceDate < todayInIndia()) throw new AppError('BAD_REQUEST', 'Please choose today or a later date.');
  if (slotStart(body.serviceDate, body.serviceTime) <= new Date()) throw new AppError('BAD_REQUEST', 'This time slot has already started. Please choose a later one.');
}

/** A booking's price: the professional's base price plus the service charge, in paise (money.ts), as the columns hold them. */
export function priceBooking(basePricePaise: number) {
  const [basePaise, chargePaise] = [basePricePaise, rupeesToPaise(SERVICE_CHARGE)];
  return { basePaise, chargePaise, totalPaise: sumPaise([basePaise, chargePaise]) };
}
export type PricedBooking = ReturnType<typeof priceBooking>;

/** A site visit, or a multi-day job's days (and the visit fee taken off a job from a quote): decision record 042. */
export type JobKind = { kind: 'visit' } | { kind: 'job'; days: string[]; visitCreditPaise?: number };
const jobColumns = (job: JobKind | undefined) => {
  if (!job) return {};
  if (job.kind === 'visit') return { kind: 'visit' as const };
  return { kind: 'job' as const, days: job.days, lastDate: job.days[job.days.length - 1]!, visitCreditPaise: job.visitCreditPaise ?? 0 };
};

type Professional = { id: string; businessName: string; ownerName: string; email: string; language?: Locale | null };

type Customer = ReturnType<typeof contactOf>;

/**
 * Inside the booking's transaction: the booking row, Pending and unpaid, for a time the professional's calendar
 * (locked in the same transaction) has just found free.
 */
export async function insertBooking(
  tx: Tx, b: { customerId: string; body: BookingBody; vendorId: string; customer: Customer; jobMinutes: number; job?: JobKind }, priced: PricedBooking, commission: { rateBps: number; commissionPaise: number },
) {
  const { customerId, body, customer } = b;
  const { basePaise, chargePaise, totalPaise } = priced;
  const row = await repo.insertBooking(tx, {
    customerId, vendorId: b.vendorId, serviceDate: body.serviceDate, serviceTime: body.serviceTime, status: 'Pending',
    customer, address: body.address, paymentMethod: body.payment.method, paymentStatus: 'Pending',
    basePricePaise: basePaise, serviceChargePaise: chargePaise, totalAmountPaise: totalPaise,
    commissionBps: commission.rateBps, commissionPaise: commission.commissionPaise, billing: body.billing ?? null, jobMinutes: b.jobMinutes,
    startCode: newStartCode(),
    ...jobColumns(b.job),
  });
  return row;
}

/** Saves the booking's address and contact for the customer's next booking, inside the booking's transaction. */
export const saveDetails = (tx: Tx, customerId: string, details: { address: BookingBody['address']; customer: Customer }) => repo.saveDetails(tx, customerId, details);

/**
 * The mails of a new booking, queued in its transaction: the customer's (to the account's own address, never the
 * body's, which is contact information for the professional) and the professional's.
 */
export async function mailBookingMade(tx: Tx, account: { email: string; fullName: string; language?: Locale | null }, pro: Professional, body: BookingBody, customer: Customer, totalPaise: number, startCode?: string | null) {
  const about = { name: customer.fullName, vendor: pro.businessName, date: body.serviceDate, time: body.serviceTime, totalPaise, address: oneLine(body.address) };
  await enqueueEmail(tx, bookingMadeEmail(account.email, { ...about, name: account.fullName, lang: account.language, startCode }));
  await enqueueEmail(tx, newBookingForVendorEmail(pro.email, { ...about, owner: pro.ownerName, lang: pro.language }));
}

/** The WhatsApp messages of a new booking (to those who consented): the professional's with Accept and Decline. */
export async function whatsappBookingMade(tx: Tx, row: repo.BookingRow, pro: Professional, customerName: string) {
  await whatsapp.notify(tx, { party: 'vendor', id: pro.id }, 'vendor_new_booking', [pro.ownerName, customerName, row.serviceDate, row.serviceTime], { ref: { bookingId: row.id } });
}

/** The answer to booking a professional. */
export const bookedAnswer = (row: repo.BookingRow, vendorName: string, payment: RazorpayStart | null): BookingResponse =>
  ({ message: 'Booking Successful!', booking: toWire(row, vendorName), payment });

const BLANK_ADDRESS = { street: '', city: '', state: '', zip: '', latitude: null, longitude: null, specialInstructions: '' };

/**
 * What the booking page fills in: the saved address (blank before the first booking) and the account's name, email
 * and phone (the page shows them read-only), with the alternate phone last given. Always 200 for the customer.
 */
export async function savedDetails(db: Db, customerId: string): Promise<SavedBookingDetails> {
  const [row, account] = await Promise.all([repo.findSaved(db, customerId), findCustomerContact(db, customerId)]);
  if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
  const address = { ...BLANK_ADDRESS, ...row?.address };
  const saved = row?.customer ?? {};
  return {
    address: { ...address, latitude: address.latitude ?? null, longitude: address.longitude ?? null },
    customer: { fullName: account.fullName, email: account.email, phone: account.phone || saved.phone || '', alternatePhone: saved.alternatePhone ?? '' },
  };
}

export async function serviceOrders(db: Db, customerId: string): Promise<ServiceOrder[]> {
  const rows = await repo.listForCustomer(db, customerId);
  const names = await vendorNames(db, [...new Set(rows.map((r) => r.vendorId))]);
  const moves = await movesByBooking(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...toWire(r, names.get(r.vendorId) ?? '', new Date(), { startCode: true }), moves: moves.get(r.id) ?? [] }));
}

/** A booking as its customer sees it (with its moves), for the answers of the rescheduling calls. */
export async function customerView(db: Db | Tx, row: repo.BookingRow) {
  const names = await vendorNames(db, [row.vendorId]);
  const moves = await movesByBooking(db, [row.id]);
  return { ...toWire(row, names.get(row.vendorId) ?? '', new Date(), { startCode: true }), moves: moves.get(row.id) ?? [] };
}

export async function bookedSlots(db: Db, vendorId: string, date: string) {
  if (!isRealDate(date)) throw new AppError('BAD_REQUEST', 'Please choose a valid date.');
  const taken = [...new Set(await repo.bookedSlots(db, vendorId, date))];
  return { date, booked: taken.sort((a, b) => (slotMinutes(a) ?? 0) - (slotMinutes(b) ?? 0)) };
}

/** A professional's live jobs from `from` to `to`, as the calendar's arithmetic reads them (inside a booking's transaction, after the calendar lock). */
export async function liveJobs(db: Db | Tx, vendorId: string, from: string, to: string, except?: string): Promise<BookedJob[]> {
  const rows = await repo.liveJobs(db, vendorId, from, to, except);
  // A multi-day job is one job on each of its days, at its daily start (decision record 042).
  return rows.flatMap((r) => (r.days ?? [r.serviceDate]).filter((d) => d >= from && d <= to)
    .map((d) => ({ start: indiaMinute(d, slotMinutes(r.serviceTime) ?? 0), minutes: r.jobMinutes, pincode: r.zip })));
}

/** Enough for a year of a professional's six slots a day, well past what anyone books ahead. */
const TAKEN_SLOTS_MAX = 2_200;

/**
 * GET /datedeatils/{vendorId}: every taken slot from today (India's date) on, as the seed's original frontend's slot
 * picker reads them; [] for an id with no bookings, a vendor or not. Past days cannot be booked, so they are left out.
 */
export async function takenSlots(db: Db, vendorId: string): Promise<TakenSlots> {
  const rows = await repo.takenSlotsFrom(db, vendorId, todayInIndia(), TAKEN_SLOTS_MAX);
  const order = (t: string) => slotMinutes(t) ?? 0;
  // Stored times sort as text ("10:00 AM" before "9:00 AM"): order each day's by the clock.
  return rows.map((r) => ({ serviceDate: r.serviceDate, serviceTime: r.serviceTime }))
    .sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || order(a.serviceTime) - order(b.serviceTime));
}

/**
 * Where a mail about a booking goes (the account's address, never the form's) and what it says about the booking:
 * the customer's name, the professional's business name, the slot, the total and the address.
 */
async function mailAbout(tx: Tx, row: repo.BookingRow) {
  const vendor = (await vendorNames(tx, [row.vendorId])).get(row.vendorId) ?? '';
  const account = (await findCustomerContact(tx, row.customerId))!;
  return {
    to: account.email,
    about: { name: account.fullName, vendor, date: row.serviceDate, time: row.serviceTime, totalPaise: row.totalAmountPaise, address: oneLine(row.address), lang: account.language },
  };
}

/** The customer cancels a Pending or Confirmed booking that has not started; the slot is free again. */
export async function cancel(db: Db, customerId: string, id: string, pay: Pick<BookingPayment, 'afterCancel'>) {
  return db.transaction(async (tx) => {
    // The booking row first, like a payment's confirmation, so they take turns.
    const row = await repo.findOwned(tx, customerId, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (slotStart(row.serviceDate, row.serviceTime) <= new Date()) throw new AppError('CONFLICT', 'This booking has already started and can no longer be cancelled.');
    const t = BOOKING_TRANSITIONS.cancel;
    let updated = await repo.transition(tx, id, t.from, t.to);
    if (!updated) throw new AppError('CONFLICT', `This booking is ${row.status.toLowerCase()} and can no longer be cancelled.`);
    // A paid booking's money goes back: its refund is stored here and requested from the gateway after the commit.
    if (await pay.afterCancel(tx, updated)) updated = (await repo.markRefunded(tx, id))!;
    const mail = await mailAbout(tx, row);
    await enqueueEmail(tx, bookingCancelledEmail(mail.to, mail.about));
    if (updated.paymentStatus === 'Refunded') await whatsapp.notify(tx, { party: 'customer', id: row.customerId }, 'order_refunded', [mail.about.name, formatPaise(updated.totalAmountPaise)]);
    return { message: 'Booking cancelled.', booking: toWire(updated, mail.about.vendor) };
  });
}

export const VENDOR_BOOKINGS_LIMIT = 500;

/** The vendor portal's bookings: this professional's, newest service date first, with who booked. */
export async function vendorBookings(db: Db, vendorId: string): Promise<VendorBooking[]> {
  const rows = await repo.listForVendor(db, vendorId, VENDOR_BOOKINGS_LIMIT);
  const names = await vendorNames(db, [vendorId]);
  const moves = await movesByBooking(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...toVendorWire(r, names.get(vendorId) ?? ''), moves: moves.get(r.id) ?? [] }));
}

/** A booking as its professional sees it: with who booked. */
function toVendorWire(r: repo.BookingRow, vendorName: string): VendorBooking {
  const c = r.customer;
  return { ...toWire(r, vendorName), customer: { fullName: c.fullName ?? '', phone: c.phone ?? '', email: c.email ?? '' } };
}

/** The dashboard's bookings: how many are coming (Pending or Confirmed, today in India or later) and the soonest. */
export async function vendorBookingSummary(db: Db, vendorId: string, opts: { latest: number }) {
  const { count, soonest } = await repo.upcomingForVendor(db, vendorId, todayInIndia(), opts.latest);
  const names = await vendorNames(db, [vendorId]);
  return {
    upcoming: count,
    next: soonest.map((r) => toVendorWire(r, names.get(vendorId) ?? '')),
  };
}

const VENDOR_MOVES = { Confirmed: BOOKING_TRANSITIONS.confirm, Declined: BOOKING_TRANSITIONS.decline } as const;

/**
 * The professional confirms or declines a booking (BOOKING_TRANSITIONS), in one conditional statement; a declined
 * paid booking is refunded in full, and the customer gets a mail. Another vendor's booking is unknown (404). The
 * spec's "Completed" keeps its shape but is refused (409) with the way to complete: the start code at arrival, then
 * the customer's confirmation (or completion by itself), decision records 043 and 044.
 */
export async function changeStatusAsVendor(db: Db, vendorId: string, id: string, status: keyof typeof VENDOR_MOVES | 'Completed', pay: Pick<BookingPayment, 'afterCancel'>) {
  return db.transaction(async (tx) => {
    const row = await repo.findOfVendor(tx, vendorId, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
    // The spec's "Completed" is refused with the way to complete (decision record 044): a job is completed only once
    // started with the customer's code, then by its customer.
    if (status === 'Completed') {
      if (row.status === 'In progress') throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.vendorCompletesStarted);
      if (row.status === 'Pending' || row.status === 'Confirmed') throw new AppError('CONFLICT', BOOKING_ARRIVAL_MSG.vendorCompletesUnstarted);
      throw new AppError('CONFLICT', `This booking is ${row.status}: it cannot be marked Completed.`);
    }
    const t = VENDOR_MOVES[status];
    let updated = await repo.transition(tx, id, t.from, t.to);
    if (!updated) throw new AppError('CONFLICT', `This booking is ${row.status}: it cannot be marked ${status}.`);
    if (status === 'Declined' && await pay.afterCancel(tx, updated)) updated = (await repo.markRefunded(tx, id))!;
    const customer = row.customer;
    const mail = await mailAbout(tx, row);
    await enqueueEmail(tx, bookingStatusEmail(mail.to, { ...mail.about, status }));
    const to = { party: 'customer', id: row.customerId } as const;
    if (status === 'Confirmed') await whatsapp.notify(tx, to, 'booking_confirmed', [mail.about.name, mail.about.vendor, row.serviceDate, row.serviceTime], { ref: { bookingId: id } });
    if (updated.paymentStatus === 'Refunded') await whatsapp.notify(tx, to, 'order_refunded', [mail.about.name, formatPaise(updated.totalAmountPaise)]);
    return { ...toWire(updated, mail.about.vendor), customer: { fullName: customer.fullName ?? '', phone: customer.phone ?? '', email: customer.email ?? '' } };
  });
}

/** A booking as the portal's answers carry it (the arrival calls: decision record 043). */
export async function vendorBookingAnswer(db: Db, row: repo.BookingRow): Promise<VendorBooking> {
  return toVendorWire(row, (await vendorNames(db, [row.vendorId])).get(row.vendorId) ?? '');
}

/** A booking as the customer's answers carry it. */
export const customerBookingAnswer = (message: string, row: repo.BookingRow, vendorName: string): BookingResponse => ({ message, booking: toWire(row, vendorName) });

/** For the payments module: lock a booking, and mark it paid when still live and unpaid. */
export const lockBooking = (tx: Tx, id: string) => repo.lockBooking(tx, id);
export const markBookingPaid = (tx: Tx, id: string) => repo.markPaid(tx, id);
export const findBooking = (db: Db | Tx, id: string) => repo.findById(db, id);
/** A professional's own booking (a site visit they quote for), or undefined. */
export const findVendorBooking = (db: Db | Tx, vendorId: string, id: string) => repo.findOfVendor(db, vendorId, id);
export type { BookingRow } from './repository.ts';

const UNPAID_BOOKING_TTL_MS = 30 * 60 * 1000;

/** The bookings `expireUnpaidBookings` would cancel now (the expiry sweep asks the gateway about them first). */
export async function unpaidOnlineBookingIds(db: Db, now = new Date()) {
  return (await repo.unpaidOnline(db, new Date(now.getTime() - UNPAID_BOOKING_TTL_MS))).map((r) => r.id);
}

/**
 * Cancels bookings to be paid by card, UPI or netbanking still unpaid 30 minutes after booking, which frees their
 * slots, and mails the customer why. Each is locked first, so a payment confirmed at the same moment either wins or
 * finds it cancelled. Bookings in `keep` stay for a later sweep. `afterExpired` runs in each one's transaction (a
 * job's quote opens again: decision record 044).
 */
export async function expireUnpaidBookings(db: Db, now = new Date(), keep: ReadonlySet<string> = new Set(), afterExpired?: (tx: Tx, row: repo.BookingRow) => Promise<void>) {
  const before = new Date(now.getTime() - UNPAID_BOOKING_TTL_MS);
  const expired: string[] = [];
  for (const { id } of await repo.unpaidOnline(db, before)) {
    if (keep.has(id)) continue;
    await db.transaction(async (tx) => {
      const row = await repo.lockBooking(tx, id);
      if (!row || row.paymentStatus !== 'Pending' || row.createdAt >= before) return;
      if (!(await repo.transition(tx, id, ['Pending'], 'Cancelled'))) return;
      await afterExpired?.(tx, row);
      const mail = await mailAbout(tx, row);
      await enqueueEmail(tx, bookingExpiredEmail(mail.to, mail.about));
      expired.push(id);
    });
  }
  return expired;
}

/** Whether the customer has booked the professional: chat lets a vendor write first to such a customer. */
export const hasBooked = (db: Db, customerId: string, vendorId: string) => repo.hasBooked(db, customerId, vendorId);

/** Of the given customers, those with a Completed booking with the professional: their reviews are a verified booking. */
export const customersWithCompletedBooking = (db: Db, vendorId: string, customerIds: readonly string[]) =>
  repo.customersWithCompleted(db, vendorId, customerIds);

// For disputes and the operator console (decision record 020)

export const findCustomerBooking = (db: Db | Tx, customerId: string, id: string) => repo.findOwned(db, customerId, id);
/** Marks a booking refunded in full (a dispute's full refund), inside the refunding transaction. */
export const markBookingRefunded = (tx: Tx, id: string) => repo.markRefunded(tx, id);
export type OpsBookingFilter = repo.OpsBookingFilter;
export const countBookingsForOps = (db: Db, f: OpsBookingFilter) => repo.countForOps(db, f);
export const searchBookingsForOps = (db: Db, f: OpsBookingFilter, page: { limit: number; offset: number }) => repo.searchForOps(db, f, page);

/** The vendor's newest `limit` bookings that carry money, for their earnings report (the transfers module's). */
export async function vendorEarningBookings(db: Db | Tx, vendorId: string, limit: number): Promise<repo.EarningBookingRow[]> {
  return repo.vendorEarningBookings(db, vendorId, limit);
}

/** The hour (in India) from which the evening-before reminders go. */
export const REMINDER_HOUR_IST = 18;

/**
 * The evening before a booking, its reminder on WhatsApp with Confirm, Reschedule and Cancel (to a customer who
 * consented). Each booking's reminder is one row by its key, however often the sweep runs, in however many processes.
 */
export async function queueReminders(db: Db, now = new Date()) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', hour12: false }).format(now));
  if (hour < REMINDER_HOUR_IST) return 0;
  const tomorrow = new Date(`${todayInIndia(now)}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const date = tomorrow.toISOString().slice(0, 10);
  let queued = 0;
  for (const row of await repo.liveOnDate(db, date, 5_000)) {
    const vendor = (await vendorNames(db, [row.vendorId])).get(row.vendorId) ?? '';
    const id = await whatsapp.notify(db, { party: 'customer', id: row.customerId }, 'booking_reminder', [row.customer.fullName ?? '', vendor, row.serviceDate, row.serviceTime], {
      ref: { bookingId: row.id }, dedupeKey: `booking_reminder:${row.id}`,
    });
    if (id) queued += 1;
  }
  return queued;
}
