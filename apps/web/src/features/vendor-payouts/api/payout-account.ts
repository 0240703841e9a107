import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPayoutAccount, type PayoutAccount, type PayoutAccountInput } from '@nirmaan/shared/payouts';
import { api } from '../../../lib/api.ts';

const KEY = ['vendor-payout-account'] as const;
/** While the payment gateway has the account, its answer can come any moment: look again every few seconds. */
const WAITING = new Set<PayoutAccount['status']>(['pending', 'under_review']);
const WAIT_POLL_MS = 3_000;

export function usePayoutAccount() {
  return useQuery({
    queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/payout-account', { cache: 'no-store', signal }, ZPayoutAccount), staleTime: 0,
    refetchInterval: (query) => (query.state.data && WAITING.has(query.state.data.status) ? WAIT_POLL_MS : false),
  });
}

export function useSavePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountInput) => api('/api/vendor/payout-account', { method: 'PUT', json: body }, ZPayoutAccount),
    onSuccess: (saved: PayoutAccount) => client.setQueryData(KEY, saved),
  });
}
