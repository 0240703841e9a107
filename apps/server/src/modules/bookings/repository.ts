import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type StoredBookingAddress, type StoredBookingCustomer } from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { bookingMoves, bookings, savedBookingDetails } from '../../db/schema/bookings.ts';

export type BookingRow = typeof bookings.$inferSelect;
/**
 * The statuses that hold a slot. In progress (migration 0043) is not in the partial index bookings_live_vendor_idx
 * (a new enum value cannot be named in the migration that adds it); reads of live jobs use bookings_vendor_idx.
 */
export const LIVE_STATUSES = ['Pending', 'Confirmed', 'In progress', 'Completed'] as const;

/**
 * Inserts a booking. Whether its time is free was decided under the professional's calendar lock (decision record
 * 038), which every booking of the professional takes first.
 */
export async function insertBooking(tx: Tx, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  return row!;
}

/** How many calendar days before a date a multi-day job holding it may start (JOB_LIMITS.spanDays). */
const JOB_REACH_DAYS = 62;

/**
 * A professional's live jobs holding a day from `from` to `to` (dates): when, how long, the site's PIN code, and a
 * multi-day job's days (bookings_live_vendor_idx, from a window bounded by the longest span a job may take); and the
 * slots their bookings' open moves hold (a fee awaited, a proposal: decision record 041). `except` leaves out one
 * booking and its moves: the one being moved.
 */
export async function liveJobs(db: Db | Tx, vendorId: string, from: string, to: string, except?: string) {
  const jobs = await db.select({ serviceDate: bookings.serviceDate, serviceTime: bookings.serviceTime, jobMinutes: bookings.jobMinutes, zip: sql<string | null>`${bookings.address}->>'zip'`, days: bookings.days })
    .from(bookings)
    .where(and(
      eq(bookings.vendorId, vendorId), inArray(bookings.status, [...LIVE_STATUSES]), lte(bookings.serviceDate, to),
      gte(bookings.serviceDate, sql`${from}::date - ${JOB_REACH_DAYS}::int`), sql`coalesce(${bookings.lastDate}, ${bookings.serviceDate}) >= ${from}::date`,
      except ? sql`${bookings.id} <> ${except}` : undefined,
    ));
  // A job's open move holds the days it would add (decision record 044): its new days the job does not hold already.
  const held = await db.select({ serviceDate: bookingMoves.toDate, serviceTime: bookingMoves.toTime, jobMinutes: bookings.jobMinutes, zip: sql<string | null>`${bookings.address}->>'zip'`, toDays: bookingMoves.toDays, jobDays: bookings.days })
    .from(bookingMoves).innerJoin(bookings, eq(bookings.id, bookingMoves.bookingId))
    .where(and(inArray(bookingMoves.status, [...OPEN_MOVES]), eq(bookings.vendorId, vendorId),
      sql`coalesce(${bookingMoves.toDays}->>0, ${bookingMoves.toDate}::text)::date <= ${to}::date`,
      sql`coalesce(${bookingMoves.toDays}->>-1, ${bookingMoves.toDate}::text)::date >= ${from}::date`,
      inArray(bookings.status, ['Pending', 'Confirmed', 'In progress']), except ? sql`${bookings.id} <> ${except}` : undefined));
  const heldJobs = held.map(({ toDays, jobDays, ...h }) => ({ ...h, days: toDays ? toDays.filter((d) => !(jobDays ?? []).includes(d)) : null }));
  return [...jobs, ...heldJobs];
}

// Moves (decision record 041)

export type MoveRow = typeof bookingMoves.$inferSelect;
/** The moves that hold their new slot (booking_moves_open_key: at most one per booking). */
export const OPEN_MOVES = ['awaiting_fee', 'proposed'] as const;

export async function insertMove(tx: Tx, values: typeof bookingMoves.$inferInsert): Promise<MoveRow> {
  const [row] = await tx.insert(bookingMoves).values(values).returning();
  return row!;
}

/** The booking's open move (a fee awaited or a proposal), if any. */
export async function findOpenMove(db: Db | Tx, bookingId: string) {
  const [row] = await db.select().from(bookingMoves).where(and(eq(bookingMoves.bookingId, bookingId), inArray(bookingMoves.status, [...OPEN_MOVES])));
  return row;
}

export async function findMove(db: Db | Tx, id: string) {
  const [row] = await db.select().from(bookingMoves).where(eq(bookingMoves.id, id));
  return row;
}

/** Ends a move from one of `from` to `to` in one conditional statement: of racing decisions, one applies. */
export async function decideMove(tx: Tx, id: string, from: readonly MoveRow['status'][], to: MoveRow['status']) {
  const [row] = await tx.update(bookingMoves).set({ status: to, decidedAt: sql`now()` })
    .where(and(eq(bookingMoves.id, id), inArray(bookingMoves.status, [...from]))).returning();
  return row;
}

/**
 * Puts a live booking on the slot or days of a move (the calendar lock was held and they were found free under it):
 * a slot, a whole job, or one day of a job. Only a job's day moves while the job is In progress (decision 044).
 */
export async function moveBooking(tx: Tx, id: string, move: Pick<MoveRow, 'scope' | 'toDate' | 'toTime' | 'toDays'>) {
  const days = move.toDays;
  const set = days ? { serviceDate: days[0]!, serviceTime: move.toTime, days, lastDate: days[days.length - 1]! } : { serviceDate: move.toDate, serviceTime: move.toTime };
  const from: BookingRow['status'][] = move.scope === 'day' ? ['Pending', 'Confirmed', 'In progress'] : ['Pending', 'Confirmed'];
  const [row] = await tx.update(bookings).set(set)
    .where(and(eq(bookings.id, id), inArray(bookings.status, from))).returning();
  return row;
}

/** The moves of these bookings, oldest first (booking_moves_booking_idx). */
export async function movesOf(db: Db | Tx, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db.select().from(bookingMoves)
    .where(sql`${bookingMoves.bookingId} = any(${sql.param([...bookingIds])}::uuid[])`)
    .orderBy(asc(bookingMoves.createdAt), asc(bookingMoves.id));
}

/** Open moves of `status` whose time ran out by `now`, for the sweep (booking_moves_open_idx is by date; few are open). */
export async function dueMoves(db: Db, status: MoveRow['status'], now: Date, limit: number) {
  return db.select({ id: bookingMoves.id, bookingId: bookingMoves.bookingId }).from(bookingMoves)
    .where(and(eq(bookingMoves.status, status), lte(bookingMoves.expiresAt, now)))
    .orderBy(asc(bookingMoves.expiresAt)).limit(limit);
}

/** How many live bookings the customer holds with the professional on a date, and how many it made since `since`. */
export async function countForLimits(tx: Tx, customerId: string, vendorId: string, date: string, since: Date) {
  const [row] = await tx.select({
    sameDay: sql<number>`count(*) filter (where ${bookings.vendorId} = ${vendorId} and ${bookings.serviceDate} = ${date} and ${bookings.status} in ('Pending', 'Confirmed', 'In progress', 'Completed'))::int`,
    recent: sql<number>`count(*) filter (where ${bookings.createdAt} > ${since.toISOString()}::timestamptz)::int`,
  }).from(bookings).where(and(
    eq(bookings.customerId, customerId),
    or(gt(bookings.createdAt, since), and(eq(bookings.vendorId, vendorId), eq(bookings.serviceDate, date))),
  ));
  return { sameDay: row?.sameDay ?? 0, recent: row?.recent ?? 0 };
}

export async function saveDetails(tx: Tx, customerId: string, details: { address: StoredBookingAddress; customer: StoredBookingCustomer }) {
  await tx.insert(savedBookingDetails).values({ customerId, ...details })
    .onConflictDoUpdate({ target: savedBookingDetails.customerId, set: { ...details, updatedAt: sql`now()` } });
}

export async function findSaved(db: Db, customerId: string) {
  const [row] = await db.select().from(savedBookingDetails).where(eq(savedBookingDetails.customerId, customerId));
  return row;
}

export async function listForCustomer(db: Db, customerId: string) {
  return db.select().from(bookings).where(eq(bookings.customerId, customerId)).orderBy(desc(bookings.createdAt), desc(bookings.id));
}

/** A professional's bookings, latest service date first, at most `limit`. */
export async function listForVendor(db: Db, vendorId: string, limit: number) {
  return db.select().from(bookings).where(eq(bookings.vendorId, vendorId))
    .orderBy(desc(bookings.serviceDate), desc(bookings.createdAt)).limit(limit);
}

export async function findOfVendor(db: Db | Tx, vendorId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(bookings).where(and(eq(bookings.id, id), eq(bookings.vendorId, vendorId)));
  const [row] = opts.lock ? await q.for('no key update') : await q;
  return row;
}

export async function findOwned(db: Db | Tx, customerId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(bookings).where(and(eq(bookings.id, id), eq(bookings.customerId, customerId)));
  const [row] = opts.lock ? await q.for('no key update') : await q;
  return row;
}

/** Moves a booking from one of `from` to `to` in one conditional statement: racing changes apply once. */
export async function transition(tx: Tx, id: string, from: readonly BookingRow['status'][], to: BookingRow['status']) {
  const [row] = await tx.update(bookings).set({ status: to })
    .where(and(eq(bookings.id, id), inArray(bookings.status, [...from]))).returning();
  return row;
}

export async function bookedSlots(db: Db, vendorId: string, date: string) {
  // A multi-day job holds each of its days at its daily start (decision record 042).
  const rows = await db.select({ time: bookings.serviceTime }).from(bookings)
    .where(and(eq(bookings.vendorId, vendorId), inArray(bookings.status, [...LIVE_STATUSES]),
      or(eq(bookings.serviceDate, date), sql`(${bookings.days} is not null and ${bookings.days} ? ${date})`)));
  return rows.map((r) => r.time);
}

/**
 * A professional's live slots on `from` and later, each once (a team may hold one several times), soonest date first;
 * a multi-day job's every day at its daily start (decision record 042).
 */
export async function takenSlotsFrom(db: Db, vendorId: string, from: string, limit: number) {
  const result = await db.execute(sql`select distinct d.day as "serviceDate", b.service_time as "serviceTime"
    from ${bookings} b
    cross join lateral jsonb_array_elements_text(coalesce(b.days, jsonb_build_array(b.service_date::text))) as d(day)
    where b.vendor_id = ${vendorId} and b.status in ('Pending', 'Confirmed', 'Completed')
      and coalesce(b.last_date, b.service_date) >= ${from}::date and d.day >= ${from}
    order by 1, 2 limit ${limit}`);
  return (result as unknown as { rows: { serviceDate: string; serviceTime: string }[] }).rows;
}

export async function findById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** Locks a booking's row: its payment confirmation and a cancel take turns. */
export async function lockBooking(tx: Tx, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** Marks a live booking paid, once. */
export async function markPaid(tx: Tx, id: string) {
  const [row] = await tx.update(bookings).set({ paymentStatus: 'Paid' })
    .where(and(eq(bookings.id, id), eq(bookings.paymentStatus, 'Pending'), inArray(bookings.status, ['Pending', 'Confirmed', 'In progress'])))
    .returning();
  return row;
}

export async function markRefunded(tx: Tx, id: string) {
  const [row] = await tx.update(bookings).set({ paymentStatus: 'Refunded' }).where(eq(bookings.id, id)).returning();
  return row;
}

/** Bookings to pay by card, UPI or netbanking still unpaid and Pending, made before `before`. */
export async function unpaidOnline(db: Db, before: Date) {
  return db.select({ id: bookings.id }).from(bookings)
    .where(and(eq(bookings.paymentStatus, 'Pending'), inArray(bookings.paymentMethod, ['card', 'upi', 'netbanking']), eq(bookings.status, 'Pending'), lt(bookings.createdAt, before)))
    .orderBy(bookings.createdAt)
    .limit(100);
}

/** Whether the customer has ever booked the professional (chat: the vendor may then write first). */
export async function hasBooked(db: Db, customerId: string, vendorId: string) {
  const [row] = await db.select({ one: sql<number>`1` }).from(bookings)
    .where(and(eq(bookings.vendorId, vendorId), eq(bookings.customerId, customerId)))
    .limit(1);
  return row !== undefined;
}

const upcoming = (vendorId: string, today: string) =>
  and(eq(bookings.vendorId, vendorId), inArray(bookings.status, ['Pending', 'Confirmed']), gte(bookings.serviceDate, today));

/** A professional's Pending or Confirmed bookings from `today` on: how many, and the soonest `limit` (by date, then slot). */
export async function upcomingForVendor(db: Db, vendorId: string, today: string, limit: number) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(upcoming(vendorId, today));
  const soonest = await db.select().from(bookings).where(upcoming(vendorId, today))
    // Stored times are "h:mm AM/PM" (the six slots or a calendar's starts): ordered by the clock, not as text.
    .orderBy(asc(bookings.serviceDate), sql`to_timestamp(${bookings.serviceTime}, 'HH12:MI AM')::time`, asc(bookings.createdAt))
    .limit(limit);
  return { count: count?.n ?? 0, soonest };
}

/** Of `customerIds`, those with a Completed booking with the vendor (one array parameter; bookings_vendor_idx). */
export async function customersWithCompleted(db: Db, vendorId: string, customerIds: readonly string[]) {
  if (customerIds.length === 0) return [];
  const rows = await db.selectDistinct({ customerId: bookings.customerId }).from(bookings)
    .where(and(
      eq(bookings.vendorId, vendorId),
      eq(bookings.status, 'Completed'),
      sql`${bookings.customerId} = any(${sql.param([...customerIds])}::uuid[])`,
    ));
  return rows.map((r) => r.customerId);
}

// The operator console's view (decision record 020)

export interface OpsBookingFilter {
  q?: string | undefined; customer?: string | undefined; vendorIds?: string[] | undefined; from?: string | undefined; to?: string | undefined;
  status?: BookingRow['status'] | undefined; paymentStatus?: BookingRow['paymentStatus'] | undefined;
}
const indiaDay = sql`(${bookings.createdAt} at time zone 'Asia/Kolkata')::date`;

function opsBookingWhere(f: OpsBookingFilter) {
  const where = [];
  if (f.q) where.push(sql`${bookings.id}::text like ${`${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.customer) {
    const p = `%${f.customer.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(${bookings.customer}->>'fullName') like ${p} or lower(${bookings.customer}->>'email') like ${p})`);
  }
  if (f.vendorIds) where.push(f.vendorIds.length === 0 ? sql`false` : inArray(bookings.vendorId, f.vendorIds));
  if (f.from) where.push(sql`${indiaDay} >= ${f.from}::date`);
  if (f.to) where.push(sql`${indiaDay} <= ${f.to}::date`);
  if (f.status) where.push(eq(bookings.status, f.status));
  if (f.paymentStatus) where.push(eq(bookings.paymentStatus, f.paymentStatus));
  return where.length > 0 ? and(...where) : undefined;
}

export async function countForOps(db: Db, f: OpsBookingFilter) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(opsBookingWhere(f));
  return row?.n ?? 0;
}

export async function searchForOps(db: Db, f: OpsBookingFilter, page: { limit: number; offset: number }) {
  return db.select().from(bookings).where(opsBookingWhere(f)).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(page.limit).offset(page.offset);
}

/** A booking that carries money to its vendor, as the vendor's earnings report reads it. */
export interface EarningBookingRow {
  id: string; title: string; at: Date | string; atMicros: string; paymentMethod: string; status: string;
  paymentStatus: string; grossPaise: number | string; commissionPaise: number | string | null;
}

/**
 * The vendor's newest `limit` bookings that carry money (online once paid, cash once completed). `atMicros` is
 * created_at to the microsecond, as text: a Date keeps only milliseconds, and the report merges these with order
 * lines in the database's own order.
 */
export async function vendorEarningBookings(db: Db | Tx, vendorId: string, limit: number): Promise<EarningBookingRow[]> {
  const result = await db.execute(sql`select b.id, 'Service on ' || b.service_date::text || ' ' || b.service_time as title,
      b.created_at as at, (extract(epoch from b.created_at) * 1000000)::bigint::text as "atMicros",
      b.payment_method as "paymentMethod", b.status::text as status, b.payment_status::text as "paymentStatus",
      b.base_price_paise as "grossPaise", b.commission_paise as "commissionPaise"
    from bookings b
    where b.vendor_id = ${vendorId} and (b.payment_status <> 'Pending' or (b.payment_method = 'cash' and b.status = 'Completed'))
    order by b.created_at desc, b.id limit ${limit}`);
  return (result as unknown as { rows: EarningBookingRow[] }).rows;
}

/** The live bookings (Pending or Confirmed) of a service date, for the evening-before reminders. */
export async function liveOnDate(db: Db, date: string, limit: number) {
  return db.select().from(bookings).where(and(eq(bookings.serviceDate, date), inArray(bookings.status, ['Pending', 'Confirmed']))).limit(limit);
}

// Arrival and completion (issue 34, decision record 043)

/**
 * The professional's start code, in one statement: on a Confirmed booking of theirs with fewer than `tries` wrong
 * codes, the right code starts it (In progress, now) and a wrong one counts a try. Racing submissions take the row's
 * lock in turn and each re-reads the last one's result, so no booking takes more than `tries` wrong codes.
 * Undefined when the booking is not theirs, not Confirmed, or locked.
 */
export async function startWithCode(db: Db | Tx, vendorId: string, id: string, code: string, tries: number) {
  const right = sql`${bookings.startCode} = ${code}`;
  const [row] = await db.update(bookings).set({
    status: sql`case when ${right} then 'In progress'::booking_status else ${bookings.status} end`,
    startedAt: sql`case when ${right} then now() else ${bookings.startedAt} end`,
    startCodeTries: sql`case when ${right} then ${bookings.startCodeTries} else ${bookings.startCodeTries} + 1 end`,
  }).where(and(eq(bookings.id, id), eq(bookings.vendorId, vendorId), eq(bookings.status, 'Confirmed'), lt(bookings.startCodeTries, tries), isNotNull(bookings.startCode)))
    .returning();
  return row;
}

/** Marks a Confirmed booking of the professional "on the way", once. */
export async function markOnTheWay(tx: Tx, vendorId: string, id: string) {
  const [row] = await tx.update(bookings).set({ onTheWayAt: sql`now()` })
    .where(and(eq(bookings.id, id), eq(bookings.vendorId, vendorId), eq(bookings.status, 'Confirmed'), isNull(bookings.onTheWayAt)))
    .returning();
  return row;
}

/** Completes a booking from one of `from`, once, saying by whom. */
export async function complete(tx: Tx, id: string, from: readonly BookingRow['status'][], by: 'customer' | 'auto' | 'vendor') {
  const [row] = await tx.update(bookings).set({ status: 'Completed', completedAt: sql`now()`, completedBy: by })
    .where(and(eq(bookings.id, id), inArray(bookings.status, [...from]))).returning();
  return row;
}

/** Started bookings not yet completed whose service date is `lastDate` or earlier (bookings_started_idx). */
export async function startedUpTo(db: Db, lastDate: string, limit: number) {
  return db.select().from(bookings)
    .where(and(isNotNull(bookings.startedAt), isNull(bookings.completedAt), lte(bookings.serviceDate, lastDate), eq(bookings.status, 'In progress')))
    .orderBy(asc(bookings.serviceDate)).limit(limit);
}
