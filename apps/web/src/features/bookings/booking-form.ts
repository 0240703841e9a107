import { z } from 'zod';
import { BOOKING_PAYMENT_METHODS, SLOT_TIME } from '@nirmaan/shared/booking';
import { BOOKING_MSG } from '@nirmaan/shared/messages';
import type { AnyForm } from '../../components/ui/form.tsx';

/**
 * The booking form as the customer fills it: when (a date, then one of its free slots), where, and how to pay.
 * Without a date and a slot it is refused with one message, as a toast; the address is checked by the server, whose
 * refusal says what is wrong. The position is Locate Me's alone (null until it finds one).
 */
export const bookingForm = z.object({
  date: z.string().min(1, BOOKING_MSG.chooseSlot),
  slot: z.string().regex(SLOT_TIME, BOOKING_MSG.chooseSlot),
  method: z.enum(BOOKING_PAYMENT_METHODS),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  specialInstructions: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type BookingFormValues = z.input<typeof bookingForm>;
export type BookingForm = AnyForm<BookingFormValues>;

export const NO_BOOKING: BookingFormValues = {
  date: '', slot: '', method: 'card', street: '', city: '', state: '', zip: '', specialInstructions: '', latitude: null, longitude: null,
};
