import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPrivateFile, type PrivateFile } from '@nirmaan/shared/files';
import { ZVendorDocuments, type VendorDocuments, type VendorDocumentsBody } from '@nirmaan/shared/vendor-documents';
import { api } from '../../../lib/api.ts';

const KEY = ['vendor-documents'] as const;

export function useVendorDocuments() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/documents', { cache: 'no-store', signal }, ZVendorDocuments), staleTime: 0 });
}

/** A private file (POST /api/files, multipart): only its owner and operators can open it. */
export function uploadPrivateFile(file: File): Promise<PrivateFile> {
  const form = new FormData();
  form.append('file', file);
  return api('/api/files', { method: 'POST', body: form }, ZPrivateFile);
}

export function useSaveVendorDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorDocumentsBody) => api('/api/vendor/documents', { method: 'PUT', json: body }, ZVendorDocuments),
    onSuccess: (saved: VendorDocuments) => client.setQueryData(KEY, saved),
  });
}
