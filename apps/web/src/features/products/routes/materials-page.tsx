import { BulkQuotesLink } from '../../../components/bulk-quotes-link.tsx';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { term as termOf } from '../../../lib/terms.ts';
import { MATERIAL_CATEGORIES } from '@nirmaan/shared/catalogue';
import { DEFAULT_MATERIAL_CATEGORY, MAX_PRICE_DEFAULT } from '@nirmaan/shared/constants';
import { MSG } from '@nirmaan/shared/messages';
import type { Product } from '@nirmaan/shared/api';
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { useProductPages } from '../api/product-pages.ts';
import { MaterialFiltersPanel } from '../components/material-filters.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import type { MaterialFilters } from '../filter-products.ts';

const isCategory = (term: string) => MATERIAL_CATEGORIES.some((c) => c.name.toLowerCase() === term.toLowerCase());
export const initialFilters = (term: string): MaterialFilters => ({ locations: [], maxPrice: MAX_PRICE_DEFAULT, sort: isCategory(term) ? 'asc' : 'relevance' });
const SKELETON_CARDS = 6;
/** Cards on a phone's first screen (two columns): their pictures are fetched at once. */
const FIRST_SCREEN_CARDS = 2;

type ProductPages = ReturnType<typeof useProductPages>;

/** Materials list: /product?search={category}, default Cement (the spec's screens), a page at a time from the server. */
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
  const panelId = useId();
  const { i18n, t } = useLingui();
  // A category's name in the page's language; a searched word as typed.
  const heading = termOf(i18n, term);

  const first = pages.data?.pages[0];
  const count = first ? `${first.total.toLocaleString('en-IN')}${first.totalIsCapped ? '+' : ''}` : '';
  const resultLabel = first ? <Plural value={first.total} one={`${count} product`} other={`${count} products`} /> : null;

  return (
    <div className="container py-4 catalogue-page">
      <title>{t`${heading} — Building materials | Nirmaan`}</title>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <div>
          <p className="catalogue-eyebrow mb-1"><Trans>Building materials</Trans></p>
          <h1 className="h3 mb-0">
            {heading}
            {resultLabel ? <span className="fs-6 fw-normal text-body-secondary ms-2">· {resultLabel}</span> : null}
          </h1>
        </div>
        <BulkQuotesLink items={[{ category: term, name: '' }]} className="btn btn-outline-secondary btn-sm" />
        <SortControls
          term={term} filters={filters} onChange={setFilters}
          panelId={panelId} filtersOpen={filtersOpen} onToggleFilters={() => setFiltersOpen((open) => !open)}
        />
      </div>

      <div className="row g-4">
        <aside id={panelId} className={`col-md-4 col-lg-3 ${filtersOpen ? '' : 'd-none'} d-md-block`} aria-label={t`Filters`}>
          <MaterialFiltersPanel
            term={term}
            filters={filters}
            onChange={setFilters}
            onCategory={(category) => setParams({ search: category })}
            onReset={() => setFilters(initialFilters(term))}
          />
        </aside>
        <section className="col-md-8 col-lg-9" aria-label={t`Products`}>
          <ProductResults term={term} filters={filters} pages={pages} resultLabel={resultLabel} onClear={() => setFilters(initialFilters(term))} />
        </section>
      </div>
    </div>
  );
}

/** The filter panel's toggle (phones) and the sort order. */
function SortControls({ term, filters, onChange, panelId, filtersOpen, onToggleFilters }: {
  term: string; filters: MaterialFilters; onChange: (filters: MaterialFilters) => void;
  panelId: string; filtersOpen: boolean; onToggleFilters: () => void;
}) {
  const sortId = useId();
  const { t } = useLingui();
  return (
    <div className="d-flex align-items-center gap-2">
      <button type="button" className="btn btn-outline-secondary d-md-none" aria-expanded={filtersOpen} aria-controls={panelId} onClick={onToggleFilters}>
        <Trans>Filters</Trans>
      </button>
      <label htmlFor={sortId} className="visually-hidden"><Trans>Sort by</Trans></label>
      <select
        id={sortId}
        className="form-select w-auto"
        value={filters.sort}
        onChange={(e) => onChange({ ...filters, sort: e.target.value as MaterialFilters['sort'] })}
      >
        {isCategory(term) ? null : <option value="relevance">{t`Best match`}</option>}
        <option value="asc">{t`Price: Low to High`}</option>
        <option value="desc">{t`Price: High to Low`}</option>
      </select>
    </div>
  );
}

/** What the list shows: placeholders while loading, a failure, "nothing found" (with or without filters), or the cards. */
function ProductResults({ term, filters, pages, resultLabel, onClear }: {
  term: string; filters: MaterialFilters; pages: ProductPages; resultLabel: ReactNode; onClear: () => void;
}) {
  const visible = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const filtered = filters.locations.length > 0 || filters.maxPrice < MAX_PRICE_DEFAULT;
  const { i18n, t } = useLingui();
  const searched = termOf(i18n, term);
  if (pages.isPending) {
    return (
      <ul className="row row-cols-2 row-cols-xl-3 g-2 g-sm-3 list-unstyled mb-0" aria-busy="true" aria-label={t`Loading products...`}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => <li className="col" key={i}><ProductCardSkeleton /></li>)}
      </ul>
    );
  }
  if (pages.isError && visible.length === 0) return <ErrorState>{termOf(i18n, MSG.failedToFetchProducts)}</ErrorState>;
  if (total === 0 && !filtered) {
    return (
      <div className="text-center">
        <EmptyState><Trans>No products found for “{searched}”. Try another category or search term.</Trans></EmptyState>
        <Link to="/Category" className="btn btn-outline-primary"><Trans>Browse all materials</Trans></Link>
      </div>
    );
  }
  if (visible.length === 0) {
    return (
      <div className="text-center py-5">
        <EmptyState><Trans>No products match your filters.</Trans></EmptyState>
        <button type="button" className="btn btn-outline-primary" onClick={onClear}>
          <Trans>Clear filters</Trans>
        </button>
      </div>
    );
  }
  return <ProductGrid products={visible} pages={pages} resultLabel={resultLabel} />;
}

/** The cards, how many of how many, and "Load more" while the server has more. */
function ProductGrid({ products, pages, resultLabel }: { products: Product[]; pages: ProductPages; resultLabel: ReactNode }) {
  const { i18n, t } = useLingui();
  const showing = products.length.toLocaleString('en-IN');
  return (
    <>
      <ul className="row row-cols-2 row-cols-xl-3 g-2 g-sm-3 list-unstyled mb-0">
        {products.map((product, i) => (
          <li className="col" key={product._id}>
            <ProductCard product={product} priority={i < FIRST_SCREEN_CARDS} />
          </li>
        ))}
      </ul>
      <div className="text-center mt-4">
        <p className="small text-body-secondary mb-2">
          <Trans>Showing {showing} of {resultLabel}</Trans>
        </p>
        {pages.hasNextPage ? (
          <button type="button" className="btn btn-outline-primary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? t`Loading...` : t`Load more`}
          </button>
        ) : null}
        {pages.isFetchNextPageError ? <p className="text-danger small mt-2 mb-0" role="alert">{termOf(i18n, MSG.failedToFetchProducts)}</p> : null}
      </div>
    </>
  );
}
