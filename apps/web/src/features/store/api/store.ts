import { useQuery } from '@tanstack/react-query';
import { ZStoreProductList, ZVendorProfile } from '@nirmaan/shared/api';
import { api } from '../../../lib/api.ts';

export const storeKeys = {
  vendor: (id: string) => ['vendor', id] as const,
  products: (id: string) => ['vendor', id, 'store'] as const,
};

export function useStoreVendor(id: string | undefined) {
  return useQuery({
    queryKey: storeKeys.vendor(id ?? ''),
    queryFn: () => api(`/api/vendor/${encodeURIComponent(id ?? '')}`, {}, ZVendorProfile),
    enabled: Boolean(id),
  });
}

export function useStoreProducts(id: string | undefined) {
  return useQuery({
    queryKey: storeKeys.products(id ?? ''),
    queryFn: () => api('/api/viewstore', { method: 'POST', json: { id } }, ZStoreProductList),
    enabled: Boolean(id),
  });
}
