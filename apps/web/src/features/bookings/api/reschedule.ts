import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZRescheduleInfo, ZRescheduleResponse } from '@nirmaan/shared/booking';
import type { RescheduleBody } from '@nirmaan/shared/reschedule';
import { api } from '../../../lib/api.ts';

/** Rescheduling's calls (decision record 041): what moving a booking costs, the move, and accepting a proposal. */
const enc = encodeURIComponent;

export function useRescheduleInfo(id: string) {
  return useQuery({
    queryKey: ['reschedule', id],
    queryFn: ({ signal }) => api(`/api/bookings/${enc(id)}/reschedule`, { cache: 'no-store', signal }, ZRescheduleInfo),
    staleTime: 0,
  });
}

function useAfterMove() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: ['service-orders'] }),
    client.invalidateQueries({ queryKey: ['reschedule'] }),
    client.invalidateQueries({ queryKey: ['booking'] }),
  ]);
}

export function useReschedule(id: string) {
  const after = useAfterMove();
  return useMutation({
    mutationFn: (body: RescheduleBody) => api(`/api/bookings/${enc(id)}/reschedule`, { method: 'POST', json: body }, ZRescheduleResponse),
    onSuccess: after,
  });
}

export function useAcceptProposal() {
  const after = useAfterMove();
  return useMutation({
    mutationFn: (id: string) => api(`/api/bookings/${enc(id)}/proposal/accept`, { method: 'POST' }, ZRescheduleResponse),
    onSuccess: after,
  });
}
