import { z } from 'zod';

/**
 * Arrival and completion of a booking (issue 34, decision record 043): a 4-digit start code the customer holds,
 * which the professional enters at arrival (the booking becomes In progress); "on my way"; the customer's
 * confirmation of completion, or completion by itself 48 hours after the job's end.
 */

/** Wrong start codes a booking takes before only the customer's help (a new visit or support) remains. */
export const START_CODE_TRIES = 5;
/** Hours after the job's end when a started booking with no answer from the customer completes by itself. */
export const AUTO_COMPLETE_HOURS = 48;

export const BOOKING_ARRIVAL_MSG = {
  codeFormat: 'The start code is the 4 digits the customer has under My orders.',
  locked: 'This booking took 5 wrong start codes and is locked. Ask the customer to contact Nirmaan support.',
  notConfirmed: 'Only a confirmed booking can be started. Please confirm it first.',
  alreadyStarted: 'This booking has already been started.',
  onTheWayOnce: 'The customer has already been told that you are on the way.',
  onTheWayNotConfirmed: 'Only a confirmed booking can be marked on the way.',
  notStartedYet: 'This job has not started yet: it can be confirmed complete once the professional has arrived.',
  notCompletable: 'This booking cannot be confirmed complete now.',
  vendorCompletesUnstarted: 'Enter the customer’s start code when you arrive (Start): once the job is In progress, the customer confirms it complete.',
  vendorCompletesStarted: 'The customer confirms a started job complete (or it completes by itself 48 hours after the job). You cannot mark it completed.',
} as const;

/** The optional fields a service order carries about arrival and completion (the spec's fields are unchanged). */
export const ZBookingArrivalFields = {
  /** The customer's own start code: only in the customer's own My orders answer, while the booking waits for the professional. */
  startCode: z.string().optional(),
  /** When the professional said they are on the way (ISO), or null. */
  onTheWayAt: z.string().nullish(),
  /** When the professional entered the start code (ISO), or null. */
  startedAt: z.string().nullish(),
  /** Whether the customer may confirm completion now (In progress). */
  completable: z.boolean().optional(),
  /** When a started booking completes by itself if the customer does not answer (ISO), or null. */
  autoCompleteAt: z.string().nullish(),
  /** How the booking was completed: by the customer, by itself after 48 hours, or by the professional (the spec's move). */
  completedBy: z.enum(['customer', 'auto', 'vendor']).nullish(),
};

/** POST /api/vendor/bookings/{id}/start: the customer's code. */
export const ZStartBookingBody = z.object({
  code: z.string('The start code is the 4 digits the customer has under My orders.').trim().regex(/^\d{4}$/, 'The start code is the 4 digits the customer has under My orders.'),
});
export type StartBookingBody = z.input<typeof ZStartBookingBody>;
