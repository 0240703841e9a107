import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDispute, ZDisputeList, type OpenDisputeBody } from '@nirmaan/shared/disputes';
import { api } from '../../../lib/api.ts';

/** The customer's disputes (My orders) and the vendor's (the portal). */

export const MY_DISPUTES_KEY = ['disputes', 'mine'] as const;

export const useMyDisputes = (enabled = true) => useQuery({
  queryKey: MY_DISPUTES_KEY,
  queryFn: ({ signal }) => api('/api/disputes', { signal, cache: 'no-store' }, ZDisputeList),
  enabled,
});

export function useOpenDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenDisputeBody) => api('/api/disputes', { method: 'POST', json: body }, ZDispute),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_DISPUTES_KEY }),
  });
}

export const useVendorDisputes = () => useQuery({
  queryKey: ['disputes', 'vendor'],
  queryFn: ({ signal }) => api('/api/vendor/disputes', { signal, cache: 'no-store' }, ZDisputeList),
});

export function useAnswerDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => api(`/api/vendor/disputes/${id}/answer`, { method: 'POST', json: { text } }, ZDispute),
    onSuccess: () => client.invalidateQueries({ queryKey: ['disputes', 'vendor'] }),
  });
}
