import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewBody } from '@nirmaan/shared/cart';
import { api } from '../../../lib/api.ts';
import { serviceQuery, type ServiceFilters } from '../filter-services.ts';

const enc = encodeURIComponent;

// Loaded with the first call (lib/api.ts): the server-rendered service list and vendor page show and hydrate without zod.
const apiSchemas = () => import('@nirmaan/shared/api');
const cartSchemas = () => import('@nirmaan/shared/cart');

export const serviceKeys = {
  list: (term: string) => ['services', term] as const,
  vendor: (id: string) => ['vendor', id] as const,
  projects: (id: string) => ['vendor', id, 'projects'] as const,
  reviews: (id: string) => ['vendor', id, 'reviews'] as const,
};

/** A page of professionals from `/api/services`; the previous page stays shown while the next loads. */
export function useServicePage(term: string, filters: ServiceFilters, page: number) {
  return useQuery({
    queryKey: [...serviceKeys.list(term), filters, page],
    queryFn: () => api(`/api/services?${serviceQuery(term, filters, page)}`, {}, async () => (await apiSchemas()).ZServicePage),
    placeholderData: keepPreviousData,
  });
}

export function useVendorProfile(id: string) {
  return useQuery({
    queryKey: serviceKeys.vendor(id),
    queryFn: () => api(`/profesionaldetails/${enc(id)}`, {}, async () => (await apiSchemas()).ZVendorProfile),
    retryOnMount: false,
  });
}

export function useVendorProjects(id: string) {
  return useQuery({
    queryKey: serviceKeys.projects(id),
    queryFn: () => api(`/api/projects/${enc(id)}`, {}, async () => (await apiSchemas()).ZProjectList),
  });
}

export function useVendorReviews(id: string) {
  return useQuery({
    queryKey: serviceKeys.reviews(id),
    queryFn: async () => (await api(`/fetch/review/service/${enc(id)}`, {}, async () => (await apiSchemas()).ZVendorReviewList)).getreview,
  });
}

export type VendorReviewInput = Extract<ReviewBody, { vendorids: string }> & { userId: string };

export function useSubmitVendorReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: VendorReviewInput) =>
      api(`/review/${enc(userId)}`, { method: 'POST', json: body satisfies ReviewBody }, async () => (await cartSchemas()).ZReviewResponse),
    // The profile's average and the review list both change.
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: serviceKeys.vendor(input.vendorids) }),
  });
}
