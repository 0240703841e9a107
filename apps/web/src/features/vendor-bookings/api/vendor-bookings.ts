import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZVendorBooking, ZVendorBookingList, type VendorBooking } from '@nirmaan/shared/booking';
import { api } from '../../../lib/api.ts';

/** The vendor portal's booking calls: this professional's bookings, and answering one. */
const KEY = ['vendor-bookings'] as const;
export type BookingMove = 'Confirmed' | 'Declined';

export function useVendorBookings() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/bookings', { cache: 'no-store', signal }, ZVendorBookingList), staleTime: 0 });
}

export function useAnswerBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingMove }) =>
      api(`/api/vendor/bookings/${id}`, { method: 'PATCH', json: { status } }, ZVendorBooking),
    onSuccess: (changed: VendorBooking) => {
      client.setQueryData<VendorBooking[]>(KEY, (list) => list?.map((b) => (b._id === changed._id ? changed : b)));
    },
  });
}
