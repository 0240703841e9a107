import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZProfile, type ZProfileUpdateBody } from '@nirmaan/shared/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { profileKey } from '../../../lib/queries.ts';
import { storeUser } from '../../../lib/session.ts';

export type ProfileChanges = z.output<typeof ZProfileUpdateBody>;

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
