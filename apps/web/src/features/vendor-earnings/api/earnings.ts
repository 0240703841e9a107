import { useQuery } from '@tanstack/react-query';
import { ZEarnings } from '@nirmaan/shared/earnings';
import { api } from '../../../lib/api.ts';

export const EARNINGS_CSV_URL = '/api/vendor/earnings?format=csv';

/** The vendor's earnings (GET /api/vendor/earnings), fresh on every visit: money moves by itself. */
export function useEarnings() {
  return useQuery({ queryKey: ['vendor-earnings'], queryFn: ({ signal }) => api('/api/vendor/earnings', { cache: 'no-store', signal }, ZEarnings), staleTime: 0 });
}
