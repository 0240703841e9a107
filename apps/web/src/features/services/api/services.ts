import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProjectList, ZServiceList, ZVendorProfile, ZVendorReviewList } from '@nirmaan/shared/api';
import { api } from '../../../lib/api.ts';

const enc = encodeURIComponent;

export const serviceKeys = {
  list: (term: string) => ['services', term] as const,
  vendor: (id: string) => ['vendor', id] as const,
  projects: (id: string) => ['vendor', id, 'projects'] as const,
  reviews: (id: string) => ['vendor', id, 'reviews'] as const,
};

export function useServices(term: string) {
  return useQuery({
    queryKey: serviceKeys.list(term),
    queryFn: () => api(`/fetch/services?category=${enc(term)}`, {}, ZServiceList),
  });
}

export function useVendorProfile(id: string) {
  return useQuery({
    queryKey: serviceKeys.vendor(id),
    queryFn: () => api(`/profesionaldetails/${enc(id)}`, {}, ZVendorProfile),
  });
}

export function useVendorProjects(id: string) {
  return useQuery({
    queryKey: serviceKeys.projects(id),
    queryFn: () => api(`/api/projects/${enc(id)}`, {}, ZProjectList),
  });
}

export function useVendorReviews(id: string) {
  return useQuery({
    queryKey: serviceKeys.reviews(id),
    queryFn: async () => (await api(`/fetch/review/service/${enc(id)}`, {}, ZVendorReviewList)).getreview,
  });
}

export interface VendorReviewInput {
  userId: string;
  vendorids: string;
  customerName: string;
  rating: number;
  comment: string;
}

export function useSubmitVendorReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: VendorReviewInput) =>
      api<unknown>(`/review/${enc(userId)}`, { method: 'POST', json: body }),
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: serviceKeys.vendor(input.vendorids) }),
  });
}
