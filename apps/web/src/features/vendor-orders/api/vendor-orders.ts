import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOrderLine, ZOrderLineList, type OrderLine, type VendorLineMove, type VendorLineStatusBody } from '@nirmaan/shared/cart';
import { ZPrivateFile } from '@nirmaan/shared/files';
import { api } from '../../../lib/api.ts';

/** The vendor portal's order calls: this vendor's lines, and moving one forward or cancelling it. */
const KEY = ['vendor-orders'] as const;

export function useVendorOrders() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/orders', { cache: 'no-store', signal }, ZOrderLineList), staleTime: 0 });
}

/** A move of one line: Delivered carries its proof, the customer's code or a photo and who received it (decision 032). */
export type LineMove = { lineId: string; status: VendorLineMove } & Omit<VendorLineStatusBody, 'status'>;

export function useMoveLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, ...body }: LineMove) => api(`/api/vendor/orders/${lineId}`, { method: 'PATCH', json: body }, ZOrderLine),
    onSuccess: (moved: OrderLine) => {
      client.setQueryData<OrderLine[]>(KEY, (lines) => lines?.map((l) => (l._id === moved._id ? moved : l)));
    },
  });
}

/** A photo of a delivery, uploaded as a private file (POST /api/files): the vendor, the customer and support can open it. */
export async function uploadDeliveryPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api('/api/files', { method: 'POST', body: form }, ZPrivateFile);
}
