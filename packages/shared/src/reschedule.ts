import { z } from 'zod';
import { zIsoDate } from './date-schemas.ts';

/**
 * Rescheduling a booking (issue 34; decision record 041): the customer's move, the professional's proposal, and the
 * timeline of moves that My orders and the console show. The window arithmetic is pure and unit-tested here.
 */

const SLOT = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

/** POST /api/bookings/{id}/reschedule and POST /api/vendor/bookings/{id}/propose: the new slot. */
export const ZRescheduleBody = z.object({
  serviceDate: zIsoDate('Please choose a date.'),
  serviceTime: z.string('Please choose one of the time slots.').regex(SLOT, 'Please choose one of the time slots.'),
  /**
   * Optional (decision record 044), on a multi-day job only: the one day of the job to move to `serviceDate`. Without
   * it a job moves whole, its first day to `serviceDate` (its other days the next working days).
   */
  day: zIsoDate('Please choose the day of the job to move.').optional(),
});
export type RescheduleBody = z.infer<typeof ZRescheduleBody>;

export const MOVE_KINDS = ['customer', 'proposal'] as const;
/**
 * A move's state: `awaiting_fee` holds the new slot until its fee is paid (then `done`) or it expires (`expired`);
 * a proposal is `proposed` until the customer accepts it (`accepted`), picks another slot (`superseded`), or it
 * lapses (`lapsed`: the booking is cancelled and refunded).
 */
export const MOVE_STATUSES = ['done', 'awaiting_fee', 'expired', 'proposed', 'accepted', 'superseded', 'lapsed'] as const;
export type MoveStatus = (typeof MOVE_STATUSES)[number];

export const ZBookingMove = z.object({
  id: z.string(),
  kind: z.enum(MOVE_KINDS),
  status: z.enum(MOVE_STATUSES),
  from: z.object({ serviceDate: z.string(), serviceTime: z.string() }),
  to: z.object({ serviceDate: z.string(), serviceTime: z.string() }),
  /** The fee for a move inside the window, in paise (0 when free). */
  feePaise: z.number().int(),
  /** When an unpaid fee's hold or a proposal ends (ISO), or null. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Optional (decision record 044): `job` moved a whole multi-day job, `day` one of its days; else one slot. */
  scope: z.enum(['slot', 'job', 'day']).optional(),
  /** Optional: a multi-day job's days before and after the move. */
  fromDays: z.array(z.string()).optional(),
  toDays: z.array(z.string()).optional(),
});
export type BookingMove = z.infer<typeof ZBookingMove>;

/** The platform's rescheduling settings (configuration), as the web shows them. */
export interface RescheduleSettings { freeHours: number; feePaise: number; proposalLapseHours: number }
export const DEFAULT_RESCHEDULE_SETTINGS: RescheduleSettings = { freeHours: 3, feePaise: 10_000, proposalLapseHours: 24 };

export type RescheduleTerms = 'free' | 'fee' | 'started';

/**
 * What moving a booking that starts at `start` costs at `now`: free until `freeHours` before the start, a fee inside
 * that window, refused once started. Instants compare across midnight and dates as they are (India keeps one offset).
 */
export function rescheduleTerms(start: Date, now: Date, freeHours: number): RescheduleTerms {
  if (now.getTime() >= start.getTime()) return 'started';
  return start.getTime() - now.getTime() > freeHours * 3_600_000 ? 'free' : 'fee';
}

/** Whether an open proposal made at `createdAt` has lapsed at `now`. */
export function proposalLapsed(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

export const RESCHEDULE_MSG = {
  started: 'This booking has already started and can no longer be rescheduled.',
  notLive: (status: string) => `This booking is ${status.toLowerCase()} and can no longer be rescheduled.`,
  cashInWindow: (hours: number) => `Cash bookings cannot be rescheduled within ${hours} hours of the start. Please contact the professional.`,
  sameSlot: 'Please choose a different time from the one booked.',
  awaitingFee: 'A reschedule of this booking is waiting for its fee. Please pay it or wait for it to expire.',
  noProposal: 'There is no proposed time to accept for this booking.',
  proposalOpen: 'A new time was already proposed for this booking. Please wait for the customer’s answer.',
  notAJob: 'Only the days of a multi-day job can be moved one at a time.',
  notJobDay: 'That day is not one of this job’s days.',
  dayStarted: 'That day of the job has already started and can no longer be rescheduled.',
  jobStarted: 'This job has started: only its later days can be rescheduled, one at a time.',
  dayTaken: 'The job already works on that day. Please choose another date.',
  afterFirstDay: 'A started job’s days can move only to a date after its first day.',
  spanTooLong: 'A job’s days must fall within 62 days of its first day. Please choose an earlier date.',
} as const;

/** When a slot starts, as an instant (India: UTC+05:30, no daylight saving). */
export function slotStartsAt(date: string, time: string): Date {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  const hour = m ? (Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0) : 0;
  return new Date(`${date}T${String(hour).padStart(2, '0')}:${m?.[2] ?? '00'}:00+05:30`);
}

/** A job's days once `day` moves to `to`, in date order. */
export const daysAfterMove = (days: readonly string[], day: string, to: string) => [...days.filter((d) => d !== day), to].sort();

/**
 * The days of a multi-day job a customer may move one at a time, with what moving each costs at `now`: the days not
 * yet started (a started job's first day never: it began with the start code).
 */
export function movableDays(job: { status: string; days: readonly string[]; serviceTime: string }, now: Date, freeHours: number): { date: string; terms: 'free' | 'fee' }[] {
  if (!['Pending', 'Confirmed', 'In progress'].includes(job.status)) return [];
  const out: { date: string; terms: 'free' | 'fee' }[] = [];
  job.days.forEach((d, i) => {
    if (i === 0 && job.status === 'In progress') return;
    const terms = rescheduleTerms(slotStartsAt(d, job.serviceTime), now, freeHours);
    if (terms !== 'started') out.push({ date: d, terms });
  });
  return out;
}
