import { z } from 'zod';
import { TIME_SLOTS } from './constants.ts';
import { zIsoDate } from './date-schemas.ts';
import { addDays, todayInIndia } from './dates.ts';

/**
 * A professional's calendar (issue 34; decision record 037): weekly hours, leave and one-off days, how many jobs at
 * once, a buffer and travel time between jobs, and how far ahead customers may book. The slot arithmetic here is
 * pure (India's wall clock, UTC+05:30 all year) so the server, the web and the unit tests share it.
 */

/** India has no daylight saving: its wall clock is UTC+05:30 every day of the year. */
const INDIA_OFFSET_MINUTES = 330;
/** Start times are offered on this step from a day's opening time. */
export const START_STEP_MINUTES = 60;
/** Travel between two sites: road distance (straight line × 1.3, as delivery) at this average city speed. */
export const TRAVEL_SPEED_KMPH = 25;
/** Travel time is rounded up to whole quarter hours. */
export const TRAVEL_ROUNDING_MINUTES = 15;

/** What a professional who sets nothing keeps: the spec's six one-hour slots, every day, 90 days ahead, one job at a time. */
export const DEFAULT_CALENDAR_RULES = { capacity: 1, jobMinutes: 60, bufferMinutes: 0, travel: false, horizonDays: 90 } as const;

export const CALENDAR_MSG = {
  hours: 'Opening time must be HH:MM, on the hour or half hour.',
  order: 'Closing time must be after opening time.',
  fitsJob: 'A working day must be at least as long as one job.',
  duplicateDate: 'Each date may appear only once in leave and changes.',
  notWorking: 'Please choose one of the time slots.',
  full: 'This time slot is already booked.',
  past: 'This time slot has already started. Please choose a later one.',
  tooFar: (days: number) => `Bookings can be made at most ${days} days ahead. Please choose an earlier date.`,
  range: 'Ask for at most 62 days of slots, from a date not after to.',
} as const;

const zClock = z.string().regex(/^([01]\d|2[0-3]):[03]0$/, CALENDAR_MSG.hours);
export const ZDayHours = z.object({ open: zClock, close: zClock.or(z.literal('24:00')) })
  .refine((h) => h.open < h.close, { message: CALENDAR_MSG.order, path: ['close'] });
export type DayHours = z.infer<typeof ZDayHours>;

export const ZCalendarRules = z.object({
  /** Sunday first (index 0), as Date#getUTCDay numbers days; null: a day off. */
  weekly: z.array(ZDayHours.nullable()).length(7, 'Give the hours of all seven days (null for a day off).'),
  /** Leave (hours null) and one-off hours, by date; at most a year of them. */
  exceptions: z.array(z.object({ date: zIsoDate('Each date must be YYYY-MM-DD.'), hours: ZDayHours.nullable() })).max(366, 'At most 366 dated changes.'),
  /** How many jobs at once, for a team. */
  capacity: z.int('Jobs at once must be a whole number.').min(1, 'At least one job at once.').max(20, 'At most 20 jobs at once.'),
  /** How long one job (one booking) takes. */
  jobMinutes: z.int().min(30, 'A job takes at least 30 minutes.').max(720, 'A job takes at most 12 hours.').refine((m) => m % 30 === 0, 'Job length is in half hours.'),
  /** Kept free after each job, before the next one starts. */
  bufferMinutes: z.int().min(0, 'The buffer cannot be negative.').max(240, 'The buffer is at most 4 hours.'),
  /** Whether travel time between the sites' PIN codes is kept free between jobs. */
  travel: z.boolean(),
  /** How many days ahead customers may book. */
  horizonDays: z.int().min(1, 'Customers must be able to book at least 1 day ahead.').max(365, 'At most 365 days ahead.'),
}).superRefine((c, ctx) => {
  const seen = new Set<string>();
  c.exceptions.forEach((e, i) => {
    if (seen.has(e.date)) ctx.addIssue({ code: 'custom', message: CALENDAR_MSG.duplicateDate, path: ['exceptions', i, 'date'] });
    seen.add(e.date);
  });
  const tooShort = (h: DayHours | null) => h !== null && clockMinutes(h.close) - clockMinutes(h.open) < c.jobMinutes;
  c.weekly.forEach((h, i) => { if (tooShort(h)) ctx.addIssue({ code: 'custom', message: CALENDAR_MSG.fitsJob, path: ['weekly', i] }); });
  c.exceptions.forEach((e, i) => { if (tooShort(e.hours)) ctx.addIssue({ code: 'custom', message: CALENDAR_MSG.fitsJob, path: ['exceptions', i, 'hours'] }); });
});
export type CalendarRules = z.infer<typeof ZCalendarRules>;

/** GET/PUT /api/vendor/calendar: the professional's rules, or null for the spec's six slots (the defaults shown). */
export const ZVendorCalendar = z.object({ calendar: ZCalendarRules.nullable(), defaults: z.object({ slots: z.array(z.string()), capacity: z.number(), jobMinutes: z.number(), horizonDays: z.number() }) });
export type VendorCalendar = z.infer<typeof ZVendorCalendar>;
export const ZVendorCalendarBody = z.object({ calendar: ZCalendarRules.nullable() });

export const ZSlotsQuery = z.object({
  from: zIsoDate('from is YYYY-MM-DD.'),
  to: zIsoDate('to is YYYY-MM-DD.'),
  /** The site's PIN code: with it, travel time from the professional's other jobs is counted. */
  pincode: z.string().regex(/^\d{6}$/, 'pincode is 6 digits.').optional(),
  /** Optional (decision record 042): with a number of days, the answer's `job` lists where a job of that many working days can start. */
  days: z.coerce.number().int('days is a whole number.').min(1, 'days is at least 1.').max(30, 'days is at most 30.').optional(),
}).refine((q) => q.from <= q.to && daysBetween(q.from, q.to) <= 61, { message: CALENDAR_MSG.range, path: ['to'] });

/** GET /api/vendors/{id}/slots: the bookable start times of each day in the range (India's wall clock). */
export const ZSlots = z.object({
  vendorId: z.string(),
  timeZone: z.literal('Asia/Kolkata'),
  jobMinutes: z.number(),
  days: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
  /** Optional (decision record 042): the professional's site visit fee and multi-day jobs (null: not offered). */
  offers: z.object({
    siteVisitFeePaise: z.number().nullable(),
    multiDay: z.object({ pricePerDayPaise: z.number(), maxDays: z.number(), dayStart: z.string(), dayEnd: z.string(), dayStartTime: z.string() }).nullable(),
  }).optional(),
  /** Optional, with `days` in the query: each start date where a job of that many working days fits, and its days. */
  job: z.object({ days: z.number(), starts: z.array(z.object({ date: z.string(), days: z.array(z.string()) })) }).optional(),
});
export type Slots = z.infer<typeof ZSlots>;

// ─── The arithmetic ─────────────────────────────────────────────────────────────────────────────────────────────

/** "09:30" → 570. */
export function clockMinutes(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
}

/** 570 → "9:30 AM", the spec's way of writing a slot. */
export function slotLabel(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "9:30 AM" → 570; null for anything else. */
export function slotMinutes(label: string): number | null {
  const m = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/.exec(label);
  if (!m) return null;
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A date and India wall-clock minute as one number: minutes since 1970-01-01 00:00 in India (so jobs compare across midnight). */
export const indiaMinute = (date: string, minute: number) => Date.parse(`${date}T00:00:00Z`) / 60_000 + minute;
/** An instant as India wall-clock minutes since 1970-01-01 00:00 in India. */
export const instantToIndiaMinute = (at: Date) => Math.floor(at.getTime() / 60_000) + INDIA_OFFSET_MINUTES;

/** A live job as the arithmetic sees it: when it starts (India minutes), how long, and its site's PIN code. */
export interface BookedJob { start: number; minutes: number; pincode: string | null }

/** Minutes of travel between two sites' PIN codes; 0 when either is unknown. */
export type TravelMinutes = (from: string | null, to: string | null) => number;

/** A day's working hours: a dated change first, else the weekday's; without a calendar, the six slots' hours. */
export function hoursOn(rules: CalendarRules | null, date: string): DayHours | null {
  if (!rules) return { open: '09:00', close: '16:00' };
  const change = rules.exceptions.find((e) => e.date === date);
  if (change) return change.hours;
  return rules.weekly[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? null;
}

/** The start times a day offers before bookings: the spec's six, or every hour from opening while a job still fits. */
export function candidateStarts(rules: CalendarRules | null, date: string): number[] {
  if (!rules) return TIME_SLOTS.map((s) => slotMinutes(s)!);
  const hours = hoursOn(rules, date);
  if (!hours) return [];
  const [open, close] = [clockMinutes(hours.open), clockMinutes(hours.close)];
  const starts: number[] = [];
  for (let t = open; t + rules.jobMinutes <= close; t += START_STEP_MINUTES) starts.push(t);
  return starts;
}

const rulesOf = (rules: CalendarRules | null) => rules ?? { ...DEFAULT_CALENDAR_RULES };

/**
 * Whether a new job [start, start + minutes) at `pincode` fits beside the live jobs: each is widened on both sides
 * by the buffer and the travel time between its site and the new one, and at no moment of the new job may as many
 * widened jobs as the capacity overlap it (a team cannot be at two sites, nor on the road, at once).
 */
export function fitsCapacity(rules: CalendarRules | null, job: { start: number; minutes: number; pincode: string | null }, booked: readonly BookedJob[], travel: TravelMinutes): boolean {
  const r = rulesOf(rules);
  const [s, e] = [job.start, job.start + job.minutes];
  const events: [number, number][] = [];
  for (const b of booked) {
    const pad = r.bufferMinutes + (r.travel ? travel(b.pincode, job.pincode) : 0);
    const [bs, be] = [Math.max(s, b.start - pad), Math.min(e, b.start + b.minutes + pad)];
    if (bs < be) events.push([bs, 1], [be, -1]);
  }
  // Ends before starts at the same minute: back-to-back jobs do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  for (const [, d] of events) {
    open += d;
    if (open >= r.capacity) return false;
  }
  return true;
}

/** Why a start time cannot be booked (a message the customer sees), or null when it can. */
export function refusal(rules: CalendarRules | null, date: string, time: string, ctx: { now: Date; booked: readonly BookedJob[]; travel: TravelMinutes; pincode: string | null }): string | null {
  const r = rulesOf(rules);
  const minute = slotMinutes(time);
  if (minute === null || !candidateStarts(rules, date).includes(minute)) return CALENDAR_MSG.notWorking;
  const start = indiaMinute(date, minute);
  if (start <= instantToIndiaMinute(ctx.now)) return CALENDAR_MSG.past;
  if (date > addDays(todayInIndia(ctx.now), r.horizonDays)) return CALENDAR_MSG.tooFar(r.horizonDays);
  if (!fitsCapacity(rules, { start, minutes: r.jobMinutes, pincode: ctx.pincode }, ctx.booked, ctx.travel)) return CALENDAR_MSG.full;
  return null;
}

/** The bookable start times of each day from `from` to `to` (inclusive), as the slots call answers them. */
export function bookableDays(rules: CalendarRules | null, from: string, to: string, ctx: { now: Date; booked: readonly BookedJob[]; travel: TravelMinutes; pincode: string | null }) {
  const days: { date: string; times: string[] }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const times = candidateStarts(rules, d).map(slotLabel).filter((t) => refusal(rules, d, t, ctx) === null);
    days.push({ date: d, times });
  }
  return days;
}

/** Travel minutes for a road distance at TRAVEL_SPEED_KMPH, rounded up to quarter hours. */
export const travelMinutesForKm = (roadKm: number) => Math.ceil((roadKm / TRAVEL_SPEED_KMPH) * 60 / TRAVEL_ROUNDING_MINUTES) * TRAVEL_ROUNDING_MINUTES;
