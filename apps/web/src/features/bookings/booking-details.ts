import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZBookingAddress, ZBookingCustomer } from '@nirmaan/shared/booking';
import { BOOKING_MSG } from '@nirmaan/shared/messages';
import { useToast } from '../../components/ui/toast.tsx';
import { profileQuery } from '../../lib/queries.ts';
import { useSavedDetails } from './api/bookings.ts';

export type BookingContact = z.output<typeof ZBookingCustomer>;
/** The address the booking form starts from; the position comes from Locate Me alone. */
export type BookingAddress = Omit<z.output<typeof ZBookingAddress>, 'latitude' | 'longitude'>;
const NO_CONTACT: BookingContact = { fullName: '', email: '', phone: '', alternatePhone: '' };
const NO_ADDRESS: BookingAddress = { street: '', city: '', state: '', zip: '', specialInstructions: '' };

/**
 * The booking's contact and address: saved details first (with the info toast), else the profile, so a first booking
 * never shows empty read-only fields. Before a first booking the server answers the account's contact with a blank
 * address: that is not "saved".
 */
export function useBookingDetails(userId: string | null) {
  const saved = useSavedDetails(userId);
  const profile = useQuery(profileQuery(userId));
  const toast = useToast();
  const [contact, setContact] = useState<BookingContact>(NO_CONTACT);
  const [address, setAddress] = useState<BookingAddress>(NO_ADDRESS);
  const [filledFrom, setFilledFrom] = useState<'nothing' | 'saved' | 'profile'>('nothing');
  if (filledFrom === 'nothing' && !saved.isPending) {
    if (saved.data?.address.street) {
      const { latitude: _lat, longitude: _lon, ...a } = saved.data.address;
      setFilledFrom('saved');
      setContact(saved.data.customer);
      setAddress(a);
    } else if (profile.data) {
      const p = profile.data;
      setFilledFrom('profile');
      setContact({ fullName: p.Full_Name, email: p.Emailaddress, phone: p.Phone_Number, alternatePhone: '' });
      setAddress((a) => ({ ...a, city: p.Location === 'Google' ? '' : p.Location }));
    } else if (saved.data && !profile.isPending) {
      setFilledFrom('profile');
      setContact(saved.data.customer);
    }
  }
  useEffect(() => {
    if (filledFrom === 'saved') toast(BOOKING_MSG.savedDetailsFilled, 'info');
  }, [filledFrom, toast]);
  return { contact, address };
}
