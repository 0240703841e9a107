import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProposeResponse } from '@nirmaan/shared/booking';
import { ZSlots } from '@nirmaan/shared/calendar';
import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import type { RescheduleBody } from '@nirmaan/shared/reschedule';
import { api } from '../../../lib/api.ts';

/** The portal's proposal of a new time (decision record 041): the professional's own free times, and the proposal. */
const enc = encodeURIComponent;
const pinOf = (pincode: string) => (/^[1-9]\d{5}$/.test(pincode) ? `&pincode=${pincode}` : '');

export function useFreeTimes(vendorId: string | null, date: string, pincode: string) {
  const pin = pinOf(pincode);
  return useQuery({
    queryKey: ['vendor-bookings', 'free-times', vendorId, date, pin],
    queryFn: () => api(`/api/vendors/${enc(vendorId ?? '')}/slots?from=${enc(date)}&to=${enc(date)}${pin}`, {}, ZSlots).then((s) => s.days[0]?.times ?? []),
    enabled: Boolean(vendorId && date),
  });
}

/**
 * The next 60 days' dates where one more working day of a job fits the professional's calendar (decision record 049):
 * where one day of a multi-day job may be proposed, at its daily start.
 */
export function useFreeJobDays(vendorId: string | null, pincode: string) {
  const from = todayInIndia();
  const pin = pinOf(pincode);
  return useQuery({
    queryKey: ['vendor-bookings', 'free-job-days', vendorId, from, pin],
    queryFn: () => api(`/api/vendors/${enc(vendorId ?? '')}/slots?from=${from}&to=${addDays(from, 60)}&days=1${pin}`, {}, ZSlots).then((s) => (s.job?.starts ?? []).map((d) => d.date)),
    enabled: Boolean(vendorId),
  });
}

export function useProposeTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RescheduleBody }) => api(`/api/vendor/bookings/${enc(id)}/propose`, { method: 'POST', json: body }, ZProposeResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vendor-bookings'] }),
  });
}
