import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * Query keys and queries more than one feature reads, defined once: every caller shares the key, the fetch and the
 * options, so the cache holds one answer (`useQuery(profileQuery(userId))`) and an invalidation reaches every
 * reader. A key one feature alone uses stays in that feature's `api/`. The header reads the cart's keys from here,
 * so the schemas load with the call that needs them (lib/api.ts): zod stays out of the first bundle.
 */
const authSchemas = () => import('@nirmaan/shared/auth');

/** Everything about the cart: its items (the cart page) and its count (the header's badge), so every change refreshes both. */
export const cartKey = ['cart'] as const;
export const cartItemsKey = (userId: string) => ['cart', 'items', userId] as const;
export const cartCountKey = (userId: string) => ['cart', 'count', userId] as const;

/** The customer's orders (My orders), fetched again after checkout and after a payment. */
export const ordersKey = ['orders'] as const;

/** The vendor's own account, read by the portal's frame and refreshed when the profile is saved. */
export const vendorMeKey = ['vendor-me'] as const;

export const profileKey = (userId: string) => ['profile', userId] as const;

/** The logged-in customer's profile (GET /myprofile/:id), read fresh: it prefills checkout and booking too. */
export const profileQuery = (userId: string | null) => queryOptions({
  queryKey: profileKey(userId ?? ''),
  queryFn: ({ signal }) => api(`/myprofile/${encodeURIComponent(userId ?? '')}`, { cache: 'no-store', signal }, async () => (await authSchemas()).ZProfile),
  enabled: userId !== null,
  staleTime: 0,
});

/** The server's options (GET /api/config): the sign-in buttons and the payment step read the same answer. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => api('/api/config', {}, async () => (await authSchemas()).ZClientConfig),
  staleTime: Infinity,
});
