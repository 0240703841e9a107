import { queryOptions } from '@tanstack/react-query';
import { ZProfile } from '@nirmaan/shared/auth';
import { api } from './api.ts';

/**
 * Queries more than one feature reads, defined once: every caller shares the key, the fetch and the options,
 * so the cache holds one answer (`useQuery(profileQuery(userId))`).
 */
export const profileKey = (userId: string) => ['profile', userId] as const;

/** The logged-in customer's profile (GET /myprofile/:id), read fresh: it prefills checkout and booking too. */
export const profileQuery = (userId: string | null) => queryOptions({
  queryKey: profileKey(userId ?? ''),
  queryFn: ({ signal }) => api(`/myprofile/${encodeURIComponent(userId ?? '')}`, { cache: 'no-store', signal }, ZProfile),
  enabled: userId !== null,
  staleTime: 0,
});
