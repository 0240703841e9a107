import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProposeResponse } from '@nirmaan/shared/booking';
import { ZSlots } from '@nirmaan/shared/calendar';
import type { RescheduleBody } from '@nirmaan/shared/reschedule';
import { api } from '../../../lib/api.ts';

/** The portal's proposal of a new time (decision record 041): the professional's own free times, and the proposal. */
const enc = encodeURIComponent;

export function useFreeTimes(vendorId: string | null, date: string, pincode: string) {
  const pin = /^[1-9]\d{5}$/.test(pincode) ? `&pincode=${pincode}` : '';
  return useQuery({
    queryKey: ['vendor-bookings', 'free-times', vendorId, date, pin],
    queryFn: () => api(`/api/vendors/${enc(vendorId ?? '')}/slots?from=${enc(date)}&to=${enc(date)}${pin}`, {}, ZSlots).then((s) => s.days[0]?.times ?? []),
    enabled: Boolean(vendorId && date),
  });
}

export function useProposeTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RescheduleBody }) => api(`/api/vendor/bookings/${enc(id)}/propose`, { method: 'POST', json: body }, ZProposeResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vendor-bookings'] }),
  });
}
