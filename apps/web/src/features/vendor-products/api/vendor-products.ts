import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  UPLOAD_MAX_BYTES, UPLOAD_MSG, UPLOAD_TYPES, ZUploadResponse, ZVendorProduct, ZVendorProductDeleted, ZVendorProductList,
  type VendorProduct, type VendorProductBody,
} from '@nirmaan/shared/vendor-products';
import { api, ApiError } from '../../../lib/api.ts';

/** The vendor portal's product calls: the seller's list, add, change, delete, and image uploads. */
const KEY = ['vendor-products'] as const;

export function useVendorProducts() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/products', { cache: 'no-store', signal }, ZVendorProductList), staleTime: 0 });
}

export function useSaveProduct(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorProductBody) => (id === null
      ? api('/api/vendor/products', { method: 'POST', json: body }, ZVendorProduct)
      : api(`/api/vendor/products/${id}`, { method: 'PATCH', json: body }, ZVendorProduct)),
    onSuccess: (saved: VendorProduct) => {
      client.setQueryData<VendorProduct[]>(KEY, (list) => (list === undefined ? list
        : id === null ? [saved, ...list] : list.map((p) => (p._id === saved._id ? saved : p))));
    },
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/vendor/products/${id}`, { method: 'DELETE' }, ZVendorProductDeleted),
    onSuccess: (_done, id) => {
      client.setQueryData<VendorProduct[]>(KEY, (list) => list?.filter((p) => p._id !== id));
    },
  });
}

/**
 * Uploads one image file as the request body; the server checks its bytes and answers its url. Files the server
 * would refuse anyway (type or size) are refused here first, without sending 5 MB for nothing.
 */
export async function uploadImage(file: File): Promise<string> {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) throw new ApiError(415, UPLOAD_MSG.notImage, 'UNSUPPORTED_MEDIA_TYPE');
  if (file.size > UPLOAD_MAX_BYTES) throw new ApiError(413, UPLOAD_MSG.tooLarge, 'PAYLOAD_TOO_LARGE');
  const { url } = await api('/api/vendor/uploads', { method: 'POST', body: file, headers: { 'content-type': file.type } }, ZUploadResponse);
  return url;
}
