import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_MATERIAL_CATEGORY, MAX_PRICE_DEFAULT } from '@nirmaan/shared/constants';
import { MSG } from '@nirmaan/shared/messages';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useProducts } from '../api/products.ts';
import { MaterialFiltersPanel } from '../components/material-filters.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { filterProducts, type MaterialFilters, type PriceSort } from '../filter-products.ts';

const INITIAL_FILTERS: MaterialFilters = { locations: [], maxPrice: MAX_PRICE_DEFAULT, sort: 'asc' };

/** Materials list: /product?search={category}, default Cement (SPEC.md §2). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const term = params.get('search')?.trim() || DEFAULT_MATERIAL_CATEGORY;
  const products = useProducts(term);
  const [filters, setFilters] = useState<MaterialFilters>(INITIAL_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sortId = useId();
  const panelId = useId();

  const visible = useMemo(() => filterProducts(products.data ?? [], filters), [products.data, filters]);
  const total = products.data?.length ?? 0;

  const resultLabel = products.isSuccess
    ? `${visible.length} ${visible.length === 1 ? 'product' : 'products'}${visible.length < total ? ` of ${total}` : ''}`
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
            onChange={(e) => setFilters({ ...filters, sort: e.target.value as PriceSort })}
          >
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
            onReset={() => setFilters(INITIAL_FILTERS)}
          />
        </aside>
        <section className="col-md-8 col-lg-9" aria-label="Products">
          {products.isPending ? (
            <Loading text="Loading products..." />
          ) : products.isError ? (
            <ErrorState>{MSG.failedToFetchProducts}</ErrorState>
          ) : total === 0 ? (
            <div className="text-center">
              <EmptyState>No products found for &ldquo;{term}&rdquo;. Try another category or search term.</EmptyState>
              <Link to="/Category" className="btn btn-outline-primary">Browse all materials</Link>
            </div>
          ) : visible.length === 0 ? (
            <div className="text-center py-5">
              <EmptyState>No products match your filters.</EmptyState>
              <button type="button" className="btn btn-outline-primary" onClick={() => setFilters(INITIAL_FILTERS)}>
                Clear filters
              </button>
            </div>
          ) : (
            <ul className="row row-cols-2 row-cols-xl-3 g-2 g-sm-3 list-unstyled mb-0">
              {visible.map((product) => (
                <li className="col" key={product._id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
