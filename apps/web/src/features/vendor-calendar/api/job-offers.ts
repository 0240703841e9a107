import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZJobOffers, type JobOffers } from '@nirmaan/shared/jobs';
import { api } from '../../../lib/api.ts';

/** The professional's site visit fee and multi-day jobs (decision record 042). */
const KEY = ['vendor-job-offers'] as const;

export function useJobOffers() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/job-offers', { cache: 'no-store', signal }, ZJobOffers), staleTime: 0 });
}

export function useSaveJobOffers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offers: JobOffers) => api('/api/vendor/job-offers', { method: 'PUT', json: offers }, ZJobOffers),
    onSuccess: (saved: JobOffers) => client.setQueryData(KEY, saved),
  });
}
