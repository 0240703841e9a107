import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZQuote, ZQuoteList, type QuoteBody } from '@nirmaan/shared/jobs';
import { api } from '../../../lib/api.ts';

/** The professional's quotes after site visits (decision record 042). */
const KEY = ['vendor-quotes'] as const;

export function useVendorQuotes() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/quotes', { cache: 'no-store', signal }, ZQuoteList), staleTime: 0 });
}

export function useSendQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ visitId, body }: { visitId: string; body: QuoteBody }) => api(`/api/vendor/bookings/${encodeURIComponent(visitId)}/quotes`, { method: 'POST', json: body }, ZQuote),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
