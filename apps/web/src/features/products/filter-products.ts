import type { ProductSort } from '@nirmaan/shared/search';

export type PriceSort = 'asc' | 'desc';

export interface MaterialFilters {
  /** Cities to keep; empty keeps every city. */
  locations: readonly string[];
  maxPrice: number;
  /** Price order; `relevance` is offered for searches only. */
  sort: PriceSort | 'relevance';
}

const SORTS: Record<MaterialFilters['sort'], ProductSort> = { asc: 'price_asc', desc: 'price_desc', relevance: 'relevance' };

/**
 * The materials list's filters as `/api/products` parameters (the spec's constants): the server filters, sorts and pages,
 * so a category of tens of thousands of products costs one page. The default max price sends nothing.
 */
export function productQuery(term: string, { locations, maxPrice, sort }: MaterialFilters, defaultMaxPrice: number, cursor?: string | null): string {
  const params = new URLSearchParams({ category: term, sort: SORTS[sort] });
  if (locations.length > 0) params.set('location', locations.join(','));
  if (maxPrice < defaultMaxPrice) params.set('maxPrice', String(maxPrice));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
