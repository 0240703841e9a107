import type { ServiceOrder } from '@nirmaan/shared/booking';
import type { BookingAddress } from './booking-details.ts';

/**
 * "Book again" (issue 34, decision record 043): a completed booking opens its professional's booking page with that
 * booking's address filled in. The address travels in the router's state; the page reads it back with
 * `bookAgainAddress`, which takes only what a booking address holds.
 */
export const bookAgainState = (b: Pick<ServiceOrder, 'address'>) => ({
  bookAgain: {
    street: b.address.street, city: b.address.city, state: b.address.state ?? '', zip: b.address.zip ?? '',
    specialInstructions: b.address.specialInstructions ?? '',
  } satisfies BookingAddress,
});

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The address a Book again link carried, or null when the page was opened another way. */
export function bookAgainAddress(state: unknown): BookingAddress | null {
  const a = (state as { bookAgain?: Record<string, unknown> } | null)?.bookAgain;
  if (!a || typeof a !== 'object' || !text(a.street)) return null;
  return { street: text(a.street), city: text(a.city), state: text(a.state), zip: text(a.zip), specialInstructions: text(a.specialInstructions) };
}
