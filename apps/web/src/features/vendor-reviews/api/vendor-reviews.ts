import { useQuery } from '@tanstack/react-query';
import { ZVendorReviewsReceived } from '@nirmaan/shared/vendor-account';
import { api } from '../../../lib/api.ts';

export function useReviewsReceived() {
  return useQuery({
    queryKey: ['vendor-reviews'],
    queryFn: ({ signal }) => api('/api/vendor/reviews', { cache: 'no-store', signal }, ZVendorReviewsReceived),
    staleTime: 0,
  });
}
