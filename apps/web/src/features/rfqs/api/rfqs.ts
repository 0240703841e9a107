import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZPlacedOrder } from '@nirmaan/shared/cart';
import { ZPrivateFile } from '@nirmaan/shared/files';
import { ZRfq, ZRfqList, type AcceptBody, type CounterBody, type Rfq, type RfqBody, type RfqFilesBody, type SplitAcceptBody } from '@nirmaan/shared/rfqs';
import { api } from '../../../lib/api.ts';
import { ordersKey } from '../../../lib/query-keys.ts';

/** The customer's side of buying in bulk (issue 35): their requests for quotes, one request with its quotes, accepting one. */
const KEY = ['rfqs'] as const;
const enc = encodeURIComponent;

/** A request the server answered with: shown at once on its page, and the list fetched again. */
const showRequest = (client: QueryClient) => (rfq: Rfq) => {
  client.setQueryData([...KEY, rfq._id], rfq);
  return client.invalidateQueries({ queryKey: KEY, exact: true });
};

export function useRfqs(enabled = true) {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/rfqs', { cache: 'no-store', signal }, ZRfqList), enabled, staleTime: 0 });
}

/** One request; fetched again every minute while it collects quotes, so a new quote appears without a reload. */
export function useRfq(id: string) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: ({ signal }) => api(`/api/rfqs/${enc(id)}`, { cache: 'no-store', signal }, ZRfq),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.collecting ? 60_000 : false),
  });
}

/** Uploads one photo or bill of quantities for a request (POST /api/rfqs/files); its id goes in the request's fileIds. */
export function uploadRfqFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api('/api/rfqs/files', { method: 'POST', body: form }, ZPrivateFile);
}

export function useCreateRfq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RfqBody) => api('/api/rfqs', { method: 'POST', json: body }, ZRfq),
    onSuccess: (created: Rfq) => {
      client.setQueryData([...KEY, created._id], created);
      return client.invalidateQueries({ queryKey: KEY, exact: true });
    },
  });
}

/** Adds uploaded files to the buyer's request while it collects quotes (POST /api/rfqs/{id}/files). */
export function useAddRfqFiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rfqId, body }: { rfqId: string; body: RfqFilesBody }) => api(`/api/rfqs/${enc(rfqId)}/files`, { method: 'POST', json: body }, ZRfq),
    onSuccess: showRequest(client),
  });
}

export function useCancelRfq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/rfqs/${enc(id)}/cancel`, { method: 'POST' }, ZRfq),
    onSuccess: showRequest(client),
  });
}

/** Accepts one quote: the server places the order at the quoted prices and, paid online, starts the payment as checkout does. */
export function useAcceptQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rfqId, quoteId, body }: { rfqId: string; quoteId: string; body: AcceptBody }) =>
      api(`/api/rfqs/${enc(rfqId)}/quotes/${enc(quoteId)}/accept`, { method: 'POST', json: body }, ZPlacedOrder),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }).then(() => client.invalidateQueries({ queryKey: ordersKey })),
  });
}

/** A counter-offer on a seller's live quote: a landed total, or one item's unit price (issue 35). */
export function useCounterOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rfqId, body }: { rfqId: string; body: CounterBody }) => api(`/api/rfqs/${enc(rfqId)}/counter`, { method: 'POST', json: body }, ZRfq),
    onSuccess: showRequest(client),
  });
}

/** Accepts one quote per item across sellers: one order with each seller's lines at its quoted prices. */
export function useAcceptSplit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rfqId, body }: { rfqId: string; body: SplitAcceptBody }) =>
      api(`/api/rfqs/${enc(rfqId)}/accept-split`, { method: 'POST', json: body }, ZPlacedOrder),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }).then(() => client.invalidateQueries({ queryKey: ordersKey })),
  });
}
