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
  multiDay: 'Only single-slot bookings can be rescheduled here.',
} as const;
