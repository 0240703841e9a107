import { z } from 'zod';
import { BOOKING_PAYMENT_METHODS, ZBookingResponse } from './booking.ts';
import {
  CALENDAR_MSG, clockMinutes, fitsCapacity, hoursOn, indiaMinute, instantToIndiaMinute, slotLabel,
  type BookedJob, type CalendarRules, type TravelMinutes,
} from './calendar.ts';
import { DEFAULT_CALENDAR_RULES } from './calendar.ts';
import { zIsoDate } from './date-schemas.ts';
import { addDays, todayInIndia } from './dates.ts';
import { text } from './text.ts';

/**
 * Multi-day jobs and quotes after a site visit (issue 34; decision record 042). A professional may offer jobs of N
 * consecutive working days in a daily window at a price per day, and a paid site visit before a quote. The span
 * arithmetic is pure, like the calendar's, so the server, the web and the unit tests share it.
 */

export const JOB_LIMITS = { maxDays: 30, spanDays: 62, maxFeePaise: 10_000_000, maxLines: 30, maxValidDays: 60 } as const;

export const JOB_MSG = {
  window: 'The daily window must end after it starts, on the hour or half hour.',
  noJobs: 'This professional does not take multi-day jobs.',
  tooManyDays: (max: number) => `This professional takes jobs of at most ${max} days.`,
  noVisits: 'This professional does not offer site visits.',
  notBoth: 'A booking is either a site visit or a multi-day job, not both.',
  startTime: (time: string) => `Multi-day jobs with this professional start at ${time} each day.`,
  startDay: 'The professional does not work on that day. Please choose another start date.',
  noSpan: 'The professional does not have enough working days from that date. Please choose an earlier start date.',
  full: 'The professional is already booked on one of those days. Please choose another start date.',
  quoteNotFound: 'Quote not found.',
  visitNotFound: 'Site visit not found.',
  notAVisit: 'Quotes are sent for site visits only.',
  visitNotDone: 'Send the quote after the site visit: start the visit with the customer’s start code first.',
  quoteTooSmall: 'The quote must come to more than the site visit fee already paid.',
  quoteTaken: 'This quote has already been accepted.',
  quoteClosed: 'This quote is no longer open.',
  quoteReplaced: 'This quote has been replaced by a newer version. Please look at the latest one.',
  quoteExpired: 'This quote has expired. Please ask the professional for a revision.',
  versionRace: 'Another version of this quote was sent at the same time. Please reload and try again.',
} as const;

const zClock = z.string().regex(/^([01]\d|2[0-3]):[03]0$/, JOB_MSG.window);
const zPaise = (what: string) => z.int(`${what} must be a whole number of paise.`).min(100, `${what} must be at least ₹1.`).max(JOB_LIMITS.maxFeePaise, `${what} is at most ₹1,00,000.`);

/** Multi-day jobs as a professional offers them: the price per day, the longest job, and the daily window. */
export const ZMultiDayOffer = z.object({
  pricePerDayPaise: zPaise('The price per day'),
  maxDays: z.int('Days must be a whole number.').min(2, 'A multi-day job is at least 2 days.').max(JOB_LIMITS.maxDays, `At most ${JOB_LIMITS.maxDays} days.`),
  dayStart: zClock,
  dayEnd: zClock.or(z.literal('24:00')),
}).refine((o) => o.dayStart < o.dayEnd, { message: JOB_MSG.window, path: ['dayEnd'] });
export type MultiDayOffer = z.infer<typeof ZMultiDayOffer>;

/** GET/PUT /api/vendor/job-offers: a site visit fee (null: no visits) and multi-day jobs (null: none). */
export const ZJobOffers = z.object({
  siteVisitFeePaise: zPaise('The site visit fee').nullable(),
  multiDay: ZMultiDayOffer.nullable(),
});
export type JobOffers = z.infer<typeof ZJobOffers>;
export const NO_JOB_OFFERS: JobOffers = { siteVisitFeePaise: null, multiDay: null };

/** The optional fields the slots call adds (ZSlots): the professional's offers, and with `days`, where such a job can start. */
export const ZSlotsJob = z.object({
  days: z.number(),
  /** Each start date where the whole job fits, with the working days it takes. */
  starts: z.array(z.object({ date: z.string(), days: z.array(z.string()) })),
});

// ─── Quotes ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const QUOTE_STATUSES = ['Sent', 'RevisionAsked', 'Accepted', 'Declined', 'Superseded'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/**
 * How the job booked from a quote ended before it was done (decision record 048): the customer cancelled it, the
 * professional declined it, the professional's new time lapsed unanswered, support cancelled it, or it was not paid in
 * time. The quote is then open again (`Sent`) without a job, and says so.
 */
export const JOB_ENDINGS = ['customer', 'professional', 'lapsed', 'support', 'unpaid'] as const;
export type JobEnding = (typeof JOB_ENDINGS)[number];

const zLineText = text().trim().min(1, 'Each line needs a description.').max(200, 'A line’s description is at most 200 characters.');
export const ZLabourLine = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('days'), description: zLineText, days: z.int().min(1, 'At least 1 day.').max(JOB_LIMITS.maxDays), ratePaise: zPaise('The day rate') }),
  z.object({ kind: z.literal('lump'), description: zLineText, amountPaise: zPaise('The lump sum') }),
], 'A labour line is days × rate or a lump sum.');
export const ZMaterialLine = z.object({
  description: zLineText,
  quantity: z.number().positive('The quantity must be more than 0.').max(100_000),
  unit: text().trim().min(1, 'Give the unit (bags, kg, pieces).').max(20),
  /** The price of the whole line. */
  amountPaise: zPaise('A material line'),
});

/** POST /api/vendor/bookings/{id}/quotes: the professional's quote after a site visit. */
export const ZQuoteBody = z.object({
  labour: z.array(ZLabourLine).min(1, 'Add at least one labour line.').max(JOB_LIMITS.maxLines),
  materials: z.array(ZMaterialLine).max(JOB_LIMITS.maxLines).optional().default([]),
  days: z.int('Days must be a whole number.').min(1, 'The job takes at least 1 day.').max(JOB_LIMITS.maxDays, `At most ${JOB_LIMITS.maxDays} days.`),
  validDays: z.int().min(1, 'The quote must be valid for at least 1 day.').max(JOB_LIMITS.maxValidDays, `A quote is valid for at most ${JOB_LIMITS.maxValidDays} days.`),
  note: text().trim().max(1000).optional().default(''),
});
export type QuoteBody = z.input<typeof ZQuoteBody>;

export const labourLinePaise = (l: z.output<typeof ZLabourLine>) => (l.kind === 'days' ? l.days * l.ratePaise : l.amountPaise);

export const ZQuote = z.object({
  id: z.string(),
  visitBookingId: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  version: z.number(),
  status: z.enum(QUOTE_STATUSES),
  labour: z.array(z.object({ kind: z.enum(['days', 'lump']), description: z.string(), days: z.number().nullable(), ratePaise: z.number().nullable(), amountPaise: z.number() })),
  materials: z.array(z.object({ description: z.string(), quantity: z.number(), unit: z.string(), amountPaise: z.number() })),
  days: z.number(),
  validUntil: z.string(),
  /** Past its validity (India's date): it can no longer be accepted. */
  expired: z.boolean(),
  labourPaise: z.number(),
  materialsPaise: z.number(),
  /** The site visit fee already paid, taken off the job. */
  visitCreditPaise: z.number(),
  note: z.string(),
  revisionNote: z.string().nullable(),
  /** The job the acceptance made. */
  jobBookingId: z.string().nullable(),
  /** The last job booked from it that ended before it was done, and how; gone once it is accepted again. */
  endedJob: z.object({ bookingId: z.string(), by: z.enum(JOB_ENDINGS) }).optional(),
  /** The daily window of the job (the professional's multi-day offer, or the calendar's day). */
  dayStart: z.string(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof ZQuote>;
export const ZQuoteList = z.array(ZQuote);
export const ZQuoteIdParams = z.object({ id: z.uuid('Quote not found.') });

/** POST /api/quotes/{id}/accept: the first day (from the professional's availability) and how to pay. */
export const ZQuoteAcceptBody = z.object({
  startDate: zIsoDate('Please choose a start date.'),
  /** Buy the quoted materials from the professional (else the customer buys them, e.g. on Nirmaan). */
  includeMaterials: z.boolean().optional().default(false),
  payment: z.object({ method: z.enum(BOOKING_PAYMENT_METHODS, 'Payment method is card, upi, netbanking or cash.') }),
});
export type QuoteAcceptBody = z.input<typeof ZQuoteAcceptBody>;
/** The answer to accepting: the job booked (as POST /api/booking answers, with its payment) and the quote. */
export const ZQuoteAccepted = ZBookingResponse.extend({ quote: ZQuote });
export type QuoteAccepted = z.infer<typeof ZQuoteAccepted>;
export const ZQuoteRevisionBody = z.object({ note: text().trim().min(1, 'Say what should change.').max(1000) });

/** What the customer pays for a quoted job before the service charge: labour (and materials if taken) less the visit fee. */
export function quotedJobPaise(q: { labourPaise: number; materialsPaise: number; visitCreditPaise: number }, includeMaterials: boolean) {
  return q.labourPaise + (includeMaterials ? q.materialsPaise : 0) - q.visitCreditPaise;
}

// ─── The span arithmetic ────────────────────────────────────────────────────────────────────────────────────────

/** A multi-day job's daily window in minutes of the day. */
export interface DayWindow { start: number; end: number }
export const windowOf = (o: { dayStart: string; dayEnd: string }): DayWindow => ({ start: clockMinutes(o.dayStart), end: clockMinutes(o.dayEnd) });
export const windowLabel = (w: DayWindow) => slotLabel(w.start);

/** Whether the professional works the whole window on a date (their hours that day contain it). */
export function worksWindow(rules: CalendarRules | null, date: string, w: DayWindow): boolean {
  const h = hoursOn(rules, date);
  return h !== null && clockMinutes(h.open) <= w.start && w.end <= clockMinutes(h.close);
}

/**
 * The N working days of a job starting on `first`: `first` itself and the next working days, skipping days off and
 * leave (and days too short for the window), within JOB_LIMITS.spanDays calendar days; null when `first` is not a
 * working day or the span runs out.
 */
export function jobSpan(rules: CalendarRules | null, w: DayWindow, first: string, n: number): string[] | null {
  if (!worksWindow(rules, first, w)) return null;
  const days: string[] = [];
  for (let i = 0; i < JOB_LIMITS.spanDays && days.length < n; i++) {
    const d = addDays(first, i);
    if (worksWindow(rules, d, w)) days.push(d);
  }
  return days.length === n ? days : null;
}

/**
 * Why a job of `n` days from `first` cannot be held (a message the customer sees), or its days when every one of
 * them fits: each day's window not started, within the horizon, and within the capacity beside the live jobs.
 */
export function jobRefusal(rules: CalendarRules | null, w: DayWindow, first: string, n: number, ctx: { now: Date; booked: readonly BookedJob[]; travel: TravelMinutes; pincode: string | null }): { refusal: string } | { days: string[] } {
  if (!worksWindow(rules, first, w)) return { refusal: JOB_MSG.startDay };
  const days = jobSpan(rules, w, first, n);
  if (!days) return { refusal: JOB_MSG.noSpan };
  if (indiaMinute(first, w.start) <= instantToIndiaMinute(ctx.now)) return { refusal: CALENDAR_MSG.past };
  const horizon = rules?.horizonDays ?? DEFAULT_CALENDAR_RULES.horizonDays;
  if (days[days.length - 1]! > addDays(todayInIndia(ctx.now), horizon)) return { refusal: CALENDAR_MSG.tooFar(horizon) };
  for (const d of days) {
    if (!fitsCapacity(rules, { start: indiaMinute(d, w.start), minutes: w.end - w.start, pincode: ctx.pincode }, ctx.booked, ctx.travel)) return { refusal: JOB_MSG.full };
  }
  return { days };
}

/** The start dates from `from` to `to` where a job of `n` days fits, with its days (the slots call's optional `job`). */
export function jobStarts(rules: CalendarRules | null, w: DayWindow, from: string, to: string, n: number, ctx: Parameters<typeof jobRefusal>[4]) {
  const starts: { date: string; days: string[] }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const r = jobRefusal(rules, w, d, n, ctx);
    if ('days' in r) starts.push({ date: d, days: r.days });
  }
  return starts;
}
