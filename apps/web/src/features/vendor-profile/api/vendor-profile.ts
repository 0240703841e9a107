import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZVendorOwnProfile, type VendorOwnProfile, type VendorProfileBody } from '@nirmaan/shared/vendor-account';
import { api } from '../../../lib/api.ts';
import { vendorMeKey } from '../../../lib/query-keys.ts';

const KEY = ['vendor-profile'] as const;

export function useOwnProfile() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/profile', { cache: 'no-store', signal }, ZVendorOwnProfile), staleTime: 0 });
}

/** Saves the profile; the portal's header (vendor-me) shows the new name and image too. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorProfileBody) => api('/api/vendor/profile', { method: 'PUT', json: body }, ZVendorOwnProfile),
    onSuccess: (saved: VendorOwnProfile) => {
      client.setQueryData(KEY, saved);
      void client.invalidateQueries({ queryKey: vendorMeKey });
    },
  });
}
