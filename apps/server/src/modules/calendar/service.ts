import {
  CALENDAR_MSG, DEFAULT_CALENDAR_RULES, bookableDays, refusal, travelMinutesForKm,
  type BookedJob, type CalendarRules, type Slots, type VendorCalendar,
} from '@nirmaan/shared/calendar';
import { TIME_SLOTS } from '@nirmaan/shared/constants';
import { JOB_MSG, jobRefusal, jobStarts, windowLabel, windowOf, type DayWindow, type JobOffers } from '@nirmaan/shared/jobs';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findPincode, roadKm } from '../delivery/service.ts';
import { getVendorMe } from '../vendors/service.ts';
import * as repo from './repository.ts';

/**
 * Professionals' calendars (issue 34; decision record 037): the rules a professional sets in the portal, the slots
 * they leave bookable, and the lock every booking of a professional takes. The arithmetic is in
 * @nirmaan/shared/calendar; this module adds storage and travel between PIN codes. The only door into this module.
 */

/** The longest travel counted between two sites: beyond it a site is a different trip altogether. */
export const MAX_TRAVEL_MINUTES = 8 * 60;

/** Travel minutes between two sites' PIN-code centroids (delivery's table and road factor); 0 when either is unknown. */
export function travelMinutes(from: string | null, to: string | null): number {
  if (!from || !to || from === to) return 0;
  const [a, b] = [findPincode(from), findPincode(to)];
  if (!a || !b) return 0;
  return Math.min(MAX_TRAVEL_MINUTES, travelMinutesForKm(roadKm(a, b)));
}

/** How many days either side of a date a live job can reach into it: a 12-hour job, 4 hours' buffer, 8 hours' travel. */
export const REACH_DAYS = 2;

const PROFESSIONALS_ONLY = 'Only professionals keep a calendar. Product sellers set their delivery days instead.';

async function requireProfessional(db: Db, vendorId: string) {
  if ((await getVendorMe(db, vendorId)).kind !== 'professional') throw new AppError('FORBIDDEN', PROFESSIONALS_ONLY);
}

const answer = (rules: CalendarRules | null): VendorCalendar => ({
  calendar: rules,
  defaults: { slots: [...TIME_SLOTS], capacity: DEFAULT_CALENDAR_RULES.capacity, jobMinutes: DEFAULT_CALENDAR_RULES.jobMinutes, horizonDays: DEFAULT_CALENDAR_RULES.horizonDays },
});

/**
 * GET /api/vendor/calendar: the professional's rules, or null while the spec's six slots apply. Reading is open to
 * any vendor (a seller has none: null), as the portal's other lists are; only a professional may set one.
 */
export async function vendorCalendar(db: Db, vendorId: string): Promise<VendorCalendar> {
  return answer(await repo.findRules(db, vendorId));
}

/** PUT /api/vendor/calendar: the whole calendar (null: back to the six slots). Existing bookings stay as booked. */
export async function saveVendorCalendar(db: Db, vendorId: string, rules: CalendarRules | null): Promise<VendorCalendar> {
  await requireProfessional(db, vendorId);
  await repo.saveRules(db, vendorId, rules);
  return answer(rules);
}

export const findRules = (db: Db | Tx, vendorId: string) => repo.findRules(db, vendorId);

/** How long a job booked now takes with this professional. */
export const jobMinutesOf = (rules: CalendarRules | null) => rules?.jobMinutes ?? DEFAULT_CALENDAR_RULES.jobMinutes;

/** Inside a booking's transaction: locks the professional's calendar and answers their rules (bookings take turns here). */
export const lockProfessional = (tx: Tx, vendorId: string) => repo.lockRow(tx, vendorId);

/**
 * Inside a booking's transaction, with the calendar locked and the professional's live jobs around the date read:
 * refuses a time outside the hours or the horizon (400) or one the capacity cannot take (409).
 */
export function assertBookable(rules: CalendarRules | null, date: string, time: string, booked: readonly BookedJob[], pincode: string | null, now = new Date()) {
  const why = refusal(rules, date, time, { now, booked, travel: travelMinutes, pincode });
  if (why === CALENDAR_MSG.full) throw new AppError('CONFLICT', why);
  if (why) throw new AppError('BAD_REQUEST', why);
}

/** GET /api/vendors/{id}/slots: the bookable start times of each day, given the professional's live jobs around them. */
export function slotsAnswer(vendorId: string, rules: CalendarRules | null, q: { from: string; to: string; pincode?: string | undefined; days?: number | undefined }, booked: readonly BookedJob[], now = new Date(), offers?: JobOffers): Slots {
  const ctx = { now, booked, travel: travelMinutes, pincode: q.pincode ?? null };
  const answer: Slots = { vendorId, timeZone: 'Asia/Kolkata', jobMinutes: jobMinutesOf(rules), days: bookableDays(rules, q.from, q.to, ctx) };
  if (!offers) return answer;
  const md = offers.multiDay;
  answer.offers = { siteVisitFeePaise: offers.siteVisitFeePaise, multiDay: md ? { ...md, dayStartTime: windowLabel(windowOf(md)) } : null };
  // In the professional's job window (their multi-day offer's, or their working day for a quoted job).
  if (q.days) answer.job = { days: q.days, starts: jobStarts(rules, jobWindow(rules, offers), q.from, q.to, q.days, ctx) };
  return answer;
}

// ─── Multi-day jobs and site visits (decision record 042) ──────────────────────────────────────────────────────

/** GET /api/vendor/job-offers: the professional's site visit fee and multi-day jobs (none while unset). */
export const jobOffers = (db: Db | Tx, vendorId: string) => repo.findOffers(db, vendorId);

/** PUT /api/vendor/job-offers: professionals only; existing bookings and quotes keep their prices. */
export async function saveJobOffers(db: Db, vendorId: string, offers: JobOffers): Promise<JobOffers> {
  await requireProfessional(db, vendorId);
  await repo.saveOffers(db, vendorId, offers);
  return offers;
}

/**
 * The daily window a job with this professional takes: their multi-day offer's, or for a job quoted without one,
 * their working day (the six slots' 9 AM to 4 PM without a calendar; else the weekday of `date`, or 9 to 5).
 */
export function jobWindow(rules: CalendarRules | null, offers: JobOffers): DayWindow {
  if (offers.multiDay) return windowOf(offers.multiDay);
  if (!rules) return { start: 9 * 60, end: 16 * 60 };
  const days = rules.weekly.filter((h) => h !== null);
  // The window every working weekday covers: the latest opening to the earliest closing.
  const start = Math.max(...days.map((h) => Number(h.open.slice(0, 2)) * 60 + Number(h.open.slice(3))));
  const end = Math.min(...days.map((h) => (h.close === '24:00' ? 1440 : Number(h.close.slice(0, 2)) * 60 + Number(h.close.slice(3)))));
  return days.length > 0 && start < end ? { start, end } : { start: 9 * 60, end: 17 * 60 };
}

/**
 * Inside a booking's transaction, with the calendar locked and the live jobs around the span read: the days of a job
 * of `n` working days from `first`, or 400/409 with the reason (every day fits, or none is held).
 */
export function assertJobBookable(rules: CalendarRules | null, w: DayWindow, first: string, n: number, booked: readonly BookedJob[], pincode: string | null, now = new Date()): string[] {
  const r = jobRefusal(rules, w, first, n, { now, booked, travel: travelMinutes, pincode });
  if ('days' in r) return r.days;
  if (r.refusal === JOB_MSG.full) throw new AppError('CONFLICT', r.refusal);
  throw new AppError('BAD_REQUEST', r.refusal);
}
