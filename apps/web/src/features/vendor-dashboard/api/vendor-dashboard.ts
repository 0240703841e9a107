import { useQuery } from '@tanstack/react-query';
import { ZVendorDashboard } from '@nirmaan/shared/vendor-account';
import { api } from '../../../lib/api.ts';

/** The vendor portal's front page: one call, figures computed on the server. */
export function useVendorDashboard() {
  return useQuery({
    queryKey: ['vendor-dashboard'],
    queryFn: ({ signal }) => api('/api/vendor/dashboard', { cache: 'no-store', signal }, ZVendorDashboard),
    staleTime: 0,
  });
}
