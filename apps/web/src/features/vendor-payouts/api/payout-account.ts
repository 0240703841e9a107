import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPayoutAccount, type PayoutAccount, type PayoutAccountInput } from '@nirmaan/shared/payouts';
import { api } from '../../../lib/api.ts';

const KEY = ['vendor-payout-account'] as const;

export function usePayoutAccount() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/payout-account', { cache: 'no-store', signal }, ZPayoutAccount), staleTime: 0 });
}

export function useSavePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountInput) => api('/api/vendor/payout-account', { method: 'PUT', json: body }, ZPayoutAccount),
    onSuccess: (saved: PayoutAccount) => client.setQueryData(KEY, saved),
  });
}
