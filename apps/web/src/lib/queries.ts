import { queryOptions } from '@tanstack/react-query';
import { ZClientConfig, ZProfile } from '@nirmaan/shared/auth';
import { api } from './api.ts';

/**
 * Query keys and queries more than one feature reads, defined once: every caller shares the key, the fetch and the
 * options, so the cache holds one answer (`useQuery(profileQuery(userId))`) and an invalidation reaches every
 * reader. A key one feature alone uses stays in that feature's `api/`. The plain keys live beside
 * it in query-keys.ts, so the header's badge reads its key without these queries' schemas joining the first bundle.
 */

export const profileKey = (userId: string) => ['profile', userId] as const;

/** The logged-in customer's profile (GET /myprofile/:id), read fresh: it prefills checkout and booking too. */
export const profileQuery = (userId: string | null) => queryOptions({
  queryKey: profileKey(userId ?? ''),
  queryFn: ({ signal }) => api(`/myprofile/${encodeURIComponent(userId ?? '')}`, { cache: 'no-store', signal }, ZProfile),
  enabled: userId !== null,
  staleTime: 0,
});

/** The server's options (GET /api/config): the sign-in buttons and the payment step read the same answer. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => api('/api/config', {}, ZClientConfig),
  staleTime: Infinity,
});
