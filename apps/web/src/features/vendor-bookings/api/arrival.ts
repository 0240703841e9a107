import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZVendorBooking, type VendorBooking } from '@nirmaan/shared/booking';
import { api } from '../../../lib/api.ts';

/** The portal's arrival calls (decision record 043): "on my way", and the start code at the door. */
const KEY = ['vendor-bookings'] as const;

function useReplaceInList() {
  const client = useQueryClient();
  return (changed: VendorBooking) => client.setQueryData<VendorBooking[]>(KEY, (list) => list?.map((b) => (b._id === changed._id ? changed : b)));
}

export function useOnTheWay() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (id: string) => api(`/api/vendor/bookings/${encodeURIComponent(id)}/on-the-way`, { method: 'POST' }, ZVendorBooking),
    onSuccess: replace,
  });
}

export function useStartBooking() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      api(`/api/vendor/bookings/${encodeURIComponent(id)}/start`, { method: 'POST', json: { code } }, ZVendorBooking),
    onSuccess: replace,
  });
}
