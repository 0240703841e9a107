import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZVendorCalendar, type CalendarRules, type VendorCalendar } from '@nirmaan/shared/calendar';
import { api } from '../../../lib/api.ts';

const KEY = ['vendor-calendar'] as const;

export function useVendorCalendar() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/calendar', { cache: 'no-store', signal }, ZVendorCalendar), staleTime: 0 });
}

/** PUT /api/vendor/calendar: the whole calendar, or null for the spec's six slots. */
export function useSaveVendorCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (calendar: CalendarRules | null) => api('/api/vendor/calendar', { method: 'PUT', json: { calendar } }, ZVendorCalendar),
    onSuccess: (saved: VendorCalendar) => client.setQueryData(KEY, saved),
  });
}
