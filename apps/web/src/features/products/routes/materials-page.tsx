import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MATERIAL_CATEGORIES } from '@nirmaan/shared/catalogue';
import { DEFAULT_MATERIAL_CATEGORY, MAX_PRICE_DEFAULT } from '@nirmaan/shared/constants';
import { MSG } from '@nirmaan/shared/messages';
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { useProductPages } from '../api/product-pages.ts';
import { MaterialFiltersPanel } from '../components/material-filters.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import type { MaterialFilters } from '../filter-products.ts';

const isCategory = (term: string) => MATERIAL_CATEGORIES.some((c) => c.name.toLowerCase() === term.toLowerCase());
const initialFilters = (term: string): MaterialFilters => ({ locations: [], maxPrice: MAX_PRICE_DEFAULT, sort: isCategory(term) ? 'asc' : 'relevance' });
const SKELETON_CARDS = 6;

/** Materials list: /product?search={category}, default Cement (SPEC.md §2), a page at a time from the server. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const term = params.get('search')?.trim() || DEFAULT_MATERIAL_CATEGORY;
  const [filters, setFilters] = useState<MaterialFilters>(() => initialFilters(term));
  const [filtersFor, setFiltersFor] = useState(term);
  if (filtersFor !== term) {
    // A new search starts from the default filters (relevance for a search, price for a category).
    setFiltersFor(term);
    setFilters(initialFilters(term));
  }
  const settled = useSettled(filters);
  const pages = useProductPages(term, settled);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sortId = useId();
  const panelId = useId();

  const first = pages.data?.pages[0];
  const visible = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = first?.total ?? 0;
  const filtered = filters.locations.length > 0 || filters.maxPrice < MAX_PRICE_DEFAULT;
  const resultLabel = first
    ? `${total.toLocaleString('en-IN')}${first.totalIsCapped ? '+' : ''} ${total === 1 ? 'product' : 'products'}`
    : null;

  return (
    <div className="container py-4 catalogue-page">
      <title>{`${term} — Building materials | Nirmaan`}</title>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <div>
          <p className="catalogue-eyebrow mb-1">Building materials</p>
          <h1 className="h3 mb-0">
            {term}
            {resultLabel ? <span className="fs-6 fw-normal text-body-secondary ms-2">· {resultLabel}</span> : null}
          </h1>
        </div>
        <div className="d-flex align-items-center gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary d-md-none"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters
          </button>
          <label htmlFor={sortId} className="visually-hidden">Sort by</label>
          <select
            id={sortId}
            className="form-select w-auto"
            value={filters.sort}
            onChange={(e) => setFilters({ ...filters, sort: e.target.value as MaterialFilters['sort'] })}
          >
            {isCategory(term) ? null : <option value="relevance">Best match</option>}
            <option value="asc">Price: Low to High</option>
            <option value="desc">Price: High to Low</option>
          </select>
        </div>
      </div>

      <div className="row g-4">
        <aside id={panelId} className={`col-md-4 col-lg-3 ${filtersOpen ? '' : 'd-none'} d-md-block`} aria-label="Filters">
          <MaterialFiltersPanel
            term={term}
            filters={filters}
            onChange={setFilters}
            onCategory={(category) => setParams({ search: category })}
            onReset={() => setFilters(initialFilters(term))}
          />
        </aside>
        <section className="col-md-8 col-lg-9" aria-label="Products">
          {pages.isPending ? (
            <ul className="row row-cols-2 row-cols-xl-3 g-2 g-sm-3 list-unstyled mb-0" aria-busy="true" aria-label="Loading products...">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => <li className="col" key={i}><ProductCardSkeleton /></li>)}
            </ul>
          ) : pages.isError && visible.length === 0 ? (
            <ErrorState>{MSG.failedToFetchProducts}</ErrorState>
          ) : total === 0 && !filtered ? (
            <div className="text-center">
              <EmptyState>No products found for &ldquo;{term}&rdquo;. Try another category or search term.</EmptyState>
              <Link to="/Category" className="btn btn-outline-primary">Browse all materials</Link>
            </div>
          ) : visible.length === 0 ? (
            <div className="text-center py-5">
              <EmptyState>No products match your filters.</EmptyState>
              <button type="button" className="btn btn-outline-primary" onClick={() => setFilters(initialFilters(term))}>
                Clear filters
              </button>
            </div>
          ) : (
            <>
              <ul className="row row-cols-2 row-cols-xl-3 g-2 g-sm-3 list-unstyled mb-0">
                {visible.map((product) => (
                  <li className="col" key={product._id}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
              <div className="text-center mt-4">
                <p className="small text-body-secondary mb-2">
                  Showing {visible.length.toLocaleString('en-IN')} of {resultLabel}
                </p>
                {pages.hasNextPage ? (
                  <button type="button" className="btn btn-outline-primary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                    {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </button>
                ) : null}
                {pages.isFetchNextPageError ? <p className="text-danger small mt-2 mb-0" role="alert">{MSG.failedToFetchProducts}</p> : null}
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
