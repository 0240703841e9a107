import { useInfiniteQuery } from '@tanstack/react-query';
import { MAX_PRICE_DEFAULT } from '@nirmaan/shared/constants';
import { api } from '../../../lib/api.ts';
import { productQuery, type MaterialFilters } from '../filter-products.ts';

// Loaded with the first call (lib/api.ts): the server-rendered list shows without zod.
const schemas = () => import('@nirmaan/shared/search');

/** The materials list's pages: the page reads them, the server-rendered page prefetches them. */
export const productPagesKey = (term: string, filters: MaterialFilters) => ['products', 'pages', term, filters] as const;

/** The materials list, a page at a time from `/api/products` ("Load more"), with the total count. */
export function useProductPages(term: string, filters: MaterialFilters) {
  return useInfiniteQuery({
    queryKey: productPagesKey(term, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => api(`/api/products?${productQuery(term, filters, MAX_PRICE_DEFAULT, pageParam)}`, {}, async () => (await schemas()).ZProductPage),
    getNextPageParam: (last) => last.nextCursor,
  });
}
