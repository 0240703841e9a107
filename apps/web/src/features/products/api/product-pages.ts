import { useInfiniteQuery } from '@tanstack/react-query';
import { MAX_PRICE_DEFAULT } from '@nirmaan/shared/constants';
import { ZProductPage } from '@nirmaan/shared/search';
import { api } from '../../../lib/api.ts';
import { productQuery, type MaterialFilters } from '../filter-products.ts';

/** The materials list, a page at a time from `/api/products` ("Load more"), with the total count. */
export function useProductPages(term: string, filters: MaterialFilters) {
  return useInfiniteQuery({
    queryKey: ['products', 'pages', term, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api(`/api/products?${productQuery(term, filters, MAX_PRICE_DEFAULT, pageParam)}`, {}, ZProductPage),
    getNextPageParam: (last) => last.nextCursor,
  });
}
