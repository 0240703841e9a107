import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMessageResponse } from '@nirmaan/shared/auth';
import { ZVendorProject, ZVendorProjectList, type VendorProjectBody } from '@nirmaan/shared/vendor-account';
import { api } from '../../../lib/api.ts';

const KEY = ['vendor-projects'] as const;

export function useOwnProjects() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/api/vendor/projects', { cache: 'no-store', signal }, ZVendorProjectList), staleTime: 0 });
}

/** Adds a project (no id) or changes one; the list is read again afterwards, in the server's order. */
export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VendorProjectBody }) => (id
      ? api(`/api/vendor/projects/${id}`, { method: 'PATCH', json: body }, ZVendorProject)
      : api('/api/vendor/projects', { method: 'POST', json: body }, ZVendorProject)),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/vendor/projects/${id}`, { method: 'DELETE' }, ZMessageResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
