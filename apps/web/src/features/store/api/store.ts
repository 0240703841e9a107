import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// Loaded with the first call (lib/api.ts): the server-rendered store shows without zod.
const schemas = () => import('@nirmaan/shared/api');

export const storeKeys = {
  vendor: (id: string) => ['vendor', id] as const,
  products: (id: string) => ['vendor', id, 'store'] as const,
};

export function useStoreVendor(id: string | undefined) {
  return useQuery({
    queryKey: storeKeys.vendor(id ?? ''),
    queryFn: () => api(`/api/vendor/${encodeURIComponent(id ?? '')}`, {}, async () => (await schemas()).ZVendorProfile),
    retryOnMount: false,
    enabled: Boolean(id),
  });
}

export function useStoreProducts(id: string | undefined) {
  return useQuery({
    queryKey: storeKeys.products(id ?? ''),
    queryFn: () => api('/api/viewstore', { method: 'POST', json: { id } }, async () => (await schemas()).ZStoreProductList),
    enabled: Boolean(id),
  });
}
