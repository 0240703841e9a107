import { z } from 'zod';
import { zIsoDate } from './date-schemas.ts';
import { ZRazorpayStart } from './payments.ts';
import { ZId } from './api.ts';
import { optionalCoordinate } from './cart.ts';
import { EMAIL_MAX, EMAIL_TOO_LONG, text } from './text.ts';
import { ZBilling } from './gst.ts';
import { ZWhatsAppOptIn } from './whatsapp.ts';
import { ZBookingMove } from './reschedule.ts';
import { ZBookingArrivalFields } from './booking-arrival.ts';

/** A start time as the spec writes slots: "9:00 AM", "12:30 PM". */
export const SLOT_TIME = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

/** Service booking (the original client's booking request, saved booking details and service order: docs/api-contract.md). */

export const BOOKING_PAYMENT_METHODS = ['card', 'upi', 'netbanking', 'cash'] as const;
export type BookingPaymentMethod = (typeof BOOKING_PAYMENT_METHODS)[number];
/** 'In progress' (issue 34, decision 043): the professional entered the customer's start code at arrival. */
export const BOOKING_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled', 'Declined', 'In progress'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const optionalText = (max: number) => text().trim().max(max).optional().default('');
const optionalPhone = text().trim().transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^((\+91)?[6-9]\d{9})?$/, 'The alternate phone must be a 10-digit Indian mobile number.')).optional().default('');

/**
 * The contact for the booking, shown to the professional. Blank (or missing) fields are the account's own: the spec's
 * page shows them read-only and can leave them empty before a first booking.
 */
export const ZBookingCustomer = z.object({
  fullName: text().trim().max(100).refine((s) => s === '' || s.length >= 2, 'Please enter your name.').optional().default(''),
  email: text().trim().toLowerCase().max(EMAIL_MAX, EMAIL_TOO_LONG).refine((s) => s === '' || z.email().safeParse(s).success, 'Please enter a valid email address.').optional().default(''),
  phone: text().trim().transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^((\+91)?[6-9]\d{9})?$/, 'Please enter a 10-digit Indian mobile number.')).optional().default(''),
  alternatePhone: optionalPhone,
});
export const ZBookingAddress = z.object({
  street: text().trim().min(1, 'Please enter the street address.').max(300),
  city: text().trim().min(1, 'Please enter the city.').max(100),
  state: text().trim().min(1, 'Please enter the state.').max(100),
  zip: text().trim().regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit PIN code.'),
  latitude: optionalCoordinate('latitude'),
  longitude: optionalCoordinate('longitude'),
  specialInstructions: optionalText(1000),
}).transform((a) => (a.latitude != null && a.longitude != null ? a : { ...a, latitude: null, longitude: null }));

/**
 * A booking's contact and address as stored (jsonb): what ZBookingCustomer and ZBookingAddress give, with every
 * field optional, since rows written before a field existed lack it.
 */
export type StoredBookingCustomer = Partial<z.output<typeof ZBookingCustomer>>;
export type StoredBookingAddress = Partial<z.output<typeof ZBookingAddress>>;

/**
 * Against calendar hoarding: how far ahead one may book without a calendar, the longest a calendar allows (decision
 * record 035), live bookings per professional per day, bookings per hour.
 */
export const BOOKING_LIMITS = { daysAhead: 90, maxDaysAhead: 365, perVendorPerDay: 2, perHour: 20 } as const;

/** A service date beyond the booking window, in India's calendar. */
export const BOOKING_MSG_TOO_FAR = `Bookings can be made at most ${BOOKING_LIMITS.daysAhead} days ahead. Please choose an earlier date.`;

export const ZBookingBody = z.object({
  Vendorid: ZId,
  customerid: ZId,
  // A year past the schema's range is simply too far ahead: the booking window's own message, as for day 91.
  serviceDate: zIsoDate('Please choose a date.', { tooLateMessage: BOOKING_MSG_TOO_FAR }),
  /** One of the spec's six slots, or a start time the professional's calendar offers (GET /api/vendors/{id}/slots). */
  serviceTime: z.string('Please choose one of the time slots.').regex(SLOT_TIME, 'Please choose one of the time slots.'),
  customer: ZBookingCustomer.optional().default({ fullName: '', email: '', phone: '', alternatePhone: '' }),
  address: ZBookingAddress,
  saveAddress: z.boolean().optional().default(true),
  payment: z.object({ method: z.enum(BOOKING_PAYMENT_METHODS, 'Payment method is card, upi, netbanking or cash.') }),
  /** Sent by the spec's clients; the server computes the total. */
  totalAmount: z.unknown().optional(),
  /** Optional: the business buyer's GSTIN and legal name for the tax invoice (decision record 022). */
  billing: ZBilling.optional(),
  /** Optional: the box "Send me order and booking updates on WhatsApp" ticked on the booking page. */
  whatsapp: ZWhatsAppOptIn.optional(),
  /** Optional (decision record 042): a multi-day job of this many working days from serviceDate, at the professional's price per day. */
  days: z.int('days is a whole number.').min(2, 'A multi-day job is at least 2 days.').max(30, 'A multi-day job is at most 30 days.').optional(),
  /** Optional (decision record 042): a paid site visit at the professional's visit fee, before their quote. */
  siteVisit: z.boolean().optional(),
});
export type BookingBody = z.input<typeof ZBookingBody>;

export const ZServiceOrder = z.object({
  _id: z.string(),
  Vendorid: z.string(),
  vendorName: z.string(),
  serviceDate: z.string(),
  serviceTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  basePrice: z.number(),
  serviceCharge: z.number(),
  totalAmount: z.number(),
  paymentMethod: z.enum(BOOKING_PAYMENT_METHODS),
  paymentStatus: z.enum(['Pending', 'Paid', 'Refunded']),
  address: z.object({
    street: z.string(), city: z.string(), state: z.string().optional(), zip: z.string().optional(),
    latitude: z.number().nullish(), longitude: z.number().nullish(), specialInstructions: z.string().optional(),
  }),
  createdAt: z.string(),
  /** Whether the customer may still cancel it (not started, Pending or Confirmed). */
  cancellable: z.boolean(),
  /** Rescheduling (decision record 041): whether the customer may still move it, and its moves, oldest first. */
  reschedulable: z.boolean().optional(),
  moves: z.array(ZBookingMove).optional(),
  ...ZBookingArrivalFields,
  /** Optional (decision record 042): a plain booking, a site visit, or a multi-day job. */
  kind: z.enum(['service', 'visit', 'job']).optional(),
  /** Optional: each working day a multi-day job takes (serviceDate is the first). */
  days: z.array(z.string()).optional(),
  /** Optional: the site visit fee taken off a job made from a quote, in paise. */
  visitCreditPaise: z.number().optional(),
});
export type ServiceOrder = z.infer<typeof ZServiceOrder>;
export const ZServiceOrderList = z.array(ZServiceOrder);
/** The vendor portal's view of a booking: the service order plus who booked it. */
export const ZVendorBooking = ZServiceOrder.omit({ startCode: true }).extend({
  customer: z.object({ fullName: z.string(), phone: z.string(), email: z.string() }),
});
export type VendorBooking = z.infer<typeof ZVendorBooking>;
export const ZVendorBookingList = z.array(ZVendorBooking);
/**
 * What a professional does with a booking: confirm or decline a Pending one, decline a Confirmed one. Completed is
 * kept for the spec's clients and refused with the way to complete (the start code, then the customer): decision 044.
 */
export const VENDOR_BOOKING_MOVES = ['Confirmed', 'Declined', 'Completed'] as const;
export const ZVendorBookingStatusBody = z.object({ status: z.enum(VENDOR_BOOKING_MOVES, 'The status must be Confirmed, Declined or Completed.') });
export const ZBookingResponse = z.object({
  message: z.string(),
  booking: ZServiceOrder,
  /** What checkout.js needs for card, UPI and netbanking (null for cash, or without a gateway). */
  payment: ZRazorpayStart.nullable().optional(),
});
export type BookingResponse = z.infer<typeof ZBookingResponse>;
/** The answer to a reschedule, a proposal or its acceptance (decision record 041): the booking, the move, the fee's checkout. */
export const ZRescheduleResponse = z.object({
  message: z.string(),
  booking: ZServiceOrder,
  move: ZBookingMove,
  /** What checkout.js needs to pay the fee (inside the window, online bookings), else null. */
  payment: ZRazorpayStart.nullable(),
});
export type RescheduleResponse = z.infer<typeof ZRescheduleResponse>;
/** GET /api/bookings/{id}/reschedule: the booking and what moving it costs now (the reschedule page). */
export const ZRescheduleInfo = z.object({
  booking: ZServiceOrder,
  /** free: outside the window (or a proposal is open); fee: inside it (online); cash: inside it, refused; closed: started or ended. */
  terms: z.enum(['free', 'fee', 'cash', 'closed']),
  feePaise: z.number().int(),
  freeHours: z.number(),
  timeZone: z.literal('Asia/Kolkata'),
  /**
   * Optional (decision record 044), for a multi-day job: the days that may still move one at a time, each with what
   * moving it costs now (`cash` when it is inside the window of a cash job); `terms` above is the whole job's.
   */
  days: z.array(z.object({ date: z.string(), terms: z.enum(['free', 'fee', 'cash']) })).optional(),
});
export type RescheduleInfo = z.infer<typeof ZRescheduleInfo>;
/** The answer to a professional's proposal. */
export const ZProposeResponse = z.object({ message: z.string(), move: ZBookingMove });

/**
 * Answers carry plain strings: the input schemas' normalising transforms cannot run backwards. Every field is
 * always there: before a first booking the address is blank and the customer is the account's.
 */
export const ZSavedBookingDetails = z.object({
  address: z.object({
    street: z.string(), city: z.string(), state: z.string(), zip: z.string(),
    latitude: z.number().nullish(), longitude: z.number().nullish(), specialInstructions: z.string(),
  }),
  customer: z.object({ fullName: z.string(), email: z.string(), phone: z.string(), alternatePhone: z.string() }),
});
export type SavedBookingDetails = z.infer<typeof ZSavedBookingDetails>;

export const ZBookedSlotsQuery = z.object({ date: zIsoDate('date is YYYY-MM-DD.') });
export const ZBookedSlots = z.object({ date: z.string(), booked: z.array(z.string()) });
/**
 * GET /datedeatils/{vendorId} (sic; the seed's original frontend): a professional's taken slots from today (India's
 * date) on, of live bookings only, with no customer data.
 */
export const ZTakenSlots = z.array(z.object({ serviceDate: z.string(), serviceTime: z.string() }));
export type TakenSlots = z.infer<typeof ZTakenSlots>;
export const ZBookingIdParams = z.object({ id: ZId });


