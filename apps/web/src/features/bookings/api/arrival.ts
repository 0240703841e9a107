import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBookingResponse } from '@nirmaan/shared/booking';
import { api } from '../../../lib/api.ts';

/** The customer confirms a started booking complete (decision record 043); My orders reloads. */
export function useCompleteBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/bookings/${encodeURIComponent(id)}/complete`, { method: 'POST' }, ZBookingResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['service-orders'] }),
  });
}
