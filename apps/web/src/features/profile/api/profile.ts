import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProfile, type Profile } from '@nirmaan/shared/auth';
import { api } from '../../../lib/api.ts';
import { storeUser } from '../../../lib/session.ts';

export const profileKey = (userId: string) => ['profile', userId] as const;

export function useProfile(userId: string | null) {
  return useQuery({
    queryKey: profileKey(userId ?? ''),
    queryFn: () => api(`/myprofile/${encodeURIComponent(userId!)}`, { cache: 'no-store' }, ZProfile),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export type ProfileChanges = Pick<Profile, 'Full_Name' | 'Phone_Number' | 'Location'>;

/** Saves name, phone and location; the header's name follows. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => api('/api/profile', { method: 'PUT', json: changes }, ZProfile),
    onSuccess: (profile) => {
      client.setQueryData(profileKey(profile._id), profile);
      storeUser(profile._id, profile.Full_Name);
    },
  });
}
