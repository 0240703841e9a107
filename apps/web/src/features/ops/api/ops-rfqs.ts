import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOpsRfq, ZOpsRfqList, ZOpsRfqSummary } from '@nirmaan/shared/rfqs';
import { api } from '../../../lib/api.ts';

/** The console's Requests (issue 35): requests for quotes searched and filtered, hidden with a reason, and the dashboard's figures. */
const KEY = ['ops', 'rfqs'] as const;

export interface OpsRfqFilter { q: string; state: string; pincode: string; category: string; customerId: string }

export function useOpsRfqs(filter: OpsRfqFilter, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  for (const [k, v] of Object.entries(filter)) if (v) query.set(k, v);
  return useQuery({
    queryKey: [...KEY, 'list', query.toString()],
    queryFn: ({ signal }) => api(`/api/ops/rfqs?${query}`, { cache: 'no-store', signal }, ZOpsRfqList),
    staleTime: 0,
  });
}

export function useHideRfq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api(`/api/ops/rfqs/${encodeURIComponent(id)}/hide`, { method: 'POST', json: { reason } }, ZOpsRfq),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Requests, quote versions and requests that became orders over the last `days` days. */
export function useRfqSummary(days = 30) {
  return useQuery({
    queryKey: [...KEY, 'summary', days],
    queryFn: ({ signal }) => api(`/api/ops/rfqs/summary?days=${days}`, { cache: 'no-store', signal }, ZOpsRfqSummary),
    staleTime: 0,
  });
}
