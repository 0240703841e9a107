import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCancelResponse, ZOrderLineList } from '@nirmaan/shared/cart';
import { ZInvoiceList } from '@nirmaan/shared/gst';
import { api } from '../../../lib/api.ts';
import { ordersKey } from '../../../lib/query-keys.ts';

const enc = encodeURIComponent;

export function useOrderLines(userId: string | null) {
  return useQuery({
    queryKey: ['orders', 'lines', userId],
    queryFn: () => api(`/orderdetails/${enc(userId ?? '')}`, {}, ZOrderLineList),
    enabled: Boolean(userId),
  });
}

export function useCancelOrderLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => api(`/api/cancel/${enc(lineId)}`, { method: 'PUT' }, ZCancelResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** The customer's tax invoices and credit notes (GET /api/invoices): My orders links each delivered line to its invoice. */
export function useInvoices(userId: string | null) {
  return useQuery({
    queryKey: ['orders', 'invoices', userId],
    queryFn: () => api('/api/invoices', {}, ZInvoiceList),
    enabled: Boolean(userId),
  });
}
