import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOrderLine, ZOrderLineList, type OrderLine, type VendorLineMove } from '@nirmaan/shared/cart';
import { api } from '../../../lib/api.ts';

/** The vendor portal's order calls: this vendor's lines, and moving one forward or cancelling it. */
const KEY = ['vendor-orders'] as const;

export function useVendorOrders() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/orders', { cache: 'no-store', signal }, ZOrderLineList), staleTime: 0 });
}

export function useMoveLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, status }: { lineId: string; status: VendorLineMove }) =>
      api(`/api/vendor/orders/${lineId}`, { method: 'PATCH', json: { status } }, ZOrderLine),
    onSuccess: (moved: OrderLine) => {
      client.setQueryData<OrderLine[]>(KEY, (lines) => lines?.map((l) => (l._id === moved._id ? moved : l)));
    },
  });
}
