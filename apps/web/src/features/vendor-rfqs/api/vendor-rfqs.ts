import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZVendorRfq, ZVendorRfqList, type CounterAnswerBody, type RfqQuoteBody, type VendorRfq } from '@nirmaan/shared/rfqs';
import { api } from '../../../lib/api.ts';

/** The vendor portal's Requests (issue 35): requests routed to this seller, one with its rate card's proposal, quoting and declining. */
const KEY = ['vendor-rfqs'] as const;
const enc = encodeURIComponent;

export function useVendorRfqs() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/rfqs', { cache: 'no-store', signal }, ZVendorRfqList), staleTime: 0 });
}

export function useVendorRfq(id: string) {
  return useQuery({ queryKey: [...KEY, id], queryFn: ({ signal }) => api(`/api/vendor/rfqs/${enc(id)}`, { cache: 'no-store', signal }, ZVendorRfq), staleTime: 0 });
}

function useStore() {
  const client = useQueryClient();
  return (rfq: VendorRfq) => {
    // The answer carries no proposal: keep the one the page already has, so the form stays filled.
    client.setQueryData<VendorRfq>([...KEY, rfq._id], (old) => ({ ...rfq, proposal: rfq.proposal ?? old?.proposal }));
    return client.invalidateQueries({ queryKey: KEY, exact: true });
  };
}

/** A quote, or its revision (a new version; the previous one is kept as superseded). */
export function useSubmitQuote() {
  const store = useStore();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RfqQuoteBody }) => api(`/api/vendor/rfqs/${enc(id)}/quotes`, { method: 'POST', json: body }, ZVendorRfq),
    onSuccess: store,
  });
}

export function useDeclineRfq() {
  const store = useStore();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api(`/api/vendor/rfqs/${enc(id)}/decline`, { method: 'POST', json: { reason } }, ZVendorRfq),
    onSuccess: store,
  });
}

/** The seller's answer to the buyer's counter-offer: accept (a new version), counter with its own total, or decline. */
export function useAnswerCounter() {
  const store = useStore();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CounterAnswerBody }) => api(`/api/vendor/rfqs/${enc(id)}/counter-answer`, { method: 'POST', json: body }, ZVendorRfq),
    onSuccess: store,
  });
}
