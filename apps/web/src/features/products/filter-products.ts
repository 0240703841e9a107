import type { Product } from '@nirmaan/shared/api';

export type PriceSort = 'asc' | 'desc';

export interface MaterialFilters {
  /** Cities to keep; empty keeps every city. */
  locations: readonly string[];
  maxPrice: number;
  sort: PriceSort;
}

/** The materials list's client-side filters (SPEC.md §9): location, max price, then price order. */
export function filterProducts(products: readonly Product[], { locations, maxPrice, sort }: MaterialFilters): Product[] {
  const kept = products.filter(
    (p) => p.ProductPrice <= maxPrice && (locations.length === 0 || locations.includes(p.ProductLocation)),
  );
  return kept.sort((a, b) => (sort === 'asc' ? a.ProductPrice - b.ProductPrice : b.ProductPrice - a.ProductPrice));
}
