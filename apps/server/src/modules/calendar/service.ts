import {
  CALENDAR_MSG, DEFAULT_CALENDAR_RULES, bookableDays, refusal, travelMinutesForKm,
  type BookedJob, type CalendarRules, type Slots, type VendorCalendar,
} from '@nirmaan/shared/calendar';
import { TIME_SLOTS } from '@nirmaan/shared/constants';
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
export function slotsAnswer(vendorId: string, rules: CalendarRules | null, q: { from: string; to: string; pincode?: string | undefined }, booked: readonly BookedJob[], now = new Date()): Slots {
  return {
    vendorId, timeZone: 'Asia/Kolkata', jobMinutes: jobMinutesOf(rules),
    days: bookableDays(rules, q.from, q.to, { now, booked, travel: travelMinutes, pincode: q.pincode ?? null }),
  };
}
