import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZVendorDelivery, type DeliverySettings, type VendorDelivery } from '@nirmaan/shared/delivery';
import { api } from '../../../lib/api.ts';

const KEY = ['vendor-delivery'] as const;

export function useVendorDelivery() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/delivery', { cache: 'no-store', signal }, ZVendorDelivery), staleTime: 0 });
}

/** PUT /api/vendor/delivery: the whole settings, or null for the platform's flat fee. */
export function useSaveVendorDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: DeliverySettings | null) => api('/api/vendor/delivery', { method: 'PUT', json: { settings } }, ZVendorDelivery),
    onSuccess: (saved: VendorDelivery) => client.setQueryData(KEY, saved),
  });
}
