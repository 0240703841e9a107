import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZVendorPrice } from '@nirmaan/shared/api';
import { ZBookedSlots, ZBookingResponse, ZSavedBookingDetails, ZServiceOrderList, type BookingBody } from '@nirmaan/shared/booking';
import { ZSlots } from '@nirmaan/shared/calendar';
import { api } from '../../../lib/api.ts';

const enc = encodeURIComponent;

/** The professional's base price; 0 when it cannot be loaded (docs/api-contract.md). */
export function useVendorPrice(vendorId: string | null) {
  return useQuery({
    queryKey: ['booking', 'price', vendorId],
    queryFn: () => api(`/api/vendor/${enc(vendorId ?? '')}/price`, {}, ZVendorPrice).then((r) => r.vendorPrice).catch(() => 0),
    enabled: Boolean(vendorId),
  });
}

/** Saved details, or null when there are none or they cannot be loaded (the spec ignores that failure). */
export function useSavedDetails(userId: string | null) {
  return useQuery({
    queryKey: ['booking', 'saved', userId],
    queryFn: () => api(`/fetch/location/booking/${enc(userId ?? '')}`, {}, ZSavedBookingDetails).catch(() => null),
    enabled: Boolean(userId),
  });
}

export function useBookedSlots(vendorId: string | null, date: string) {
  return useQuery({
    queryKey: ['booking', 'slots', vendorId, date],
    queryFn: () => api(`/api/vendor/${enc(vendorId ?? '')}/booked-slots?date=${enc(date)}`, {}, ZBookedSlots),
    enabled: Boolean(vendorId && date),
  });
}

/**
 * The professional's bookable start times on a date (their calendar, or the six slots), computed on the server;
 * with the site's PIN code, travel from their other jobs counts too.
 */
export function useVendorSlots(vendorId: string | null, date: string, pincode: string) {
  const pin = /^[1-9]\d{5}$/.test(pincode) ? `&pincode=${pincode}` : '';
  return useQuery({
    queryKey: ['booking', 'open-slots', vendorId, date, pin],
    queryFn: () => api(`/api/vendors/${enc(vendorId ?? '')}/slots?from=${enc(date)}&to=${enc(date)}${pin}`, {}, ZSlots).then((s) => s.days[0]?.times ?? []),
    enabled: Boolean(vendorId && date),
  });
}

export function useBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: BookingBody; key: string }) =>
      api('/api/booking', { method: 'POST', json: body, headers: { 'idempotency-key': key } }, ZBookingResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['booking'] }).then(() => client.invalidateQueries({ queryKey: ['service-orders'] })),
  });
}

export function useServiceOrders(userId: string | null) {
  return useQuery({
    queryKey: ['service-orders', userId],
    queryFn: () => api(`/cart/service/${enc(userId ?? '')}`, {}, ZServiceOrderList),
    enabled: Boolean(userId),
  });
}

export function useCancelBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/booking/${enc(id)}/cancel`, { method: 'PUT' }, ZBookingResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['service-orders'] }),
  });
}
