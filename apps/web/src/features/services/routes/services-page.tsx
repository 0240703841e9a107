import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_SERVICE_CATEGORY, SERVICES_PER_PAGE } from '@nirmaan/shared/constants';
import { MSG } from '@nirmaan/shared/messages';
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { useServicePage } from '../api/services.ts';
import { PaginationBar } from '../components/pagination-bar.tsx';
import { ServiceCard, ServiceCardSkeleton } from '../components/service-card.tsx';
import { ServiceFiltersBar } from '../components/service-filters.tsx';
import { NO_SERVICE_FILTERS, type ServiceFilters } from '../filter-services.ts';

/** Services list: /service?search={category}, default Plumber (the spec's screens), 6 a page, filtered and paged by the server. */
export function Component() {
  const [params] = useSearchParams();
  const term = params.get('search')?.trim() || DEFAULT_SERVICE_CATEGORY;
  // Keyed by term: a new search starts with fresh filters on page 1.
  return <ServiceResults key={term} term={term} />;
}

function ServiceResults({ term }: { term: string }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ServiceFilters>(NO_SERVICE_FILTERS);
  const [page, setPage] = useState(1);
  const settled = useSettled(filters);
  const result = useServicePage(term, settled, page);
  const listTop = useRef<HTMLDivElement>(null);

  const changeFilters = (next: ServiceFilters) => {
    setFilters(next);
    setPage(1);
  };
  const changePage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const book = (vendorId: string) => {
    // The booking page reads the chosen professional from here (the spec's storage keys).
    localStorage.setItem('Customerid', vendorId);
    navigate('/myorder/service');
  };

  const data = result.data;
  const filtered = filters.text.trim() !== '' || filters.subCategory !== 'All' || filters.band !== 'all';
  const current = data?.page ?? page;
  return (
    <div className="container py-4 catalogue-page">
      <title>{`${term} — Book professionals | Nirmaan`}</title>
      <p className="catalogue-eyebrow mb-1">Professional services</p>
      <h1 className="h3 mb-1">{term}</h1>
      <p className="text-body-secondary mb-4">{data?.description ?? '\u00a0'}</p>
      {data && (data.total > 0 || filtered) ? <ServiceFiltersBar filters={filters} onChange={changeFilters} /> : null}
      <div ref={listTop} className="catalogue-scroll-anchor" />
      {result.isPending ? (
        <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled mb-0" aria-busy="true" aria-label="Loading professionals...">
          {Array.from({ length: SERVICES_PER_PAGE }, (_, i) => <li className="col" key={i}><ServiceCardSkeleton /></li>)}
        </ul>
      ) : result.isError || !data ? (
        <ErrorState>Professionals could not be loaded. Please try again.</ErrorState>
      ) : data.total === 0 ? (
        <div className="text-center">
          <EmptyState>{MSG.noVendorsFor(term)}</EmptyState>
          {filtered ? (
            <button type="button" className="btn btn-outline-primary" onClick={() => changeFilters(NO_SERVICE_FILTERS)}>
              Clear filters
            </button>
          ) : (
            <Link to="/Category" className="btn btn-outline-primary">Browse all services</Link>
          )}
        </div>
      ) : (
        <>
          <p className="small text-body-secondary" aria-live="polite">
            Showing {(current - 1) * SERVICES_PER_PAGE + 1}–{(current - 1) * SERVICES_PER_PAGE + data.services.length} of{' '}
            {data.total.toLocaleString('en-IN')} {data.total === 1 ? 'professional' : 'professionals'}
          </p>
          <ul className={`row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled mb-0${result.isPlaceholderData ? ' opacity-50' : ''}`}>
            {data.services.map((vendor) => (
              <li className="col" key={vendor._id}>
                <ServiceCard vendor={vendor} onBook={book} />
              </li>
            ))}
          </ul>
          <PaginationBar page={current} pages={data.pages} onPage={changePage} />
        </>
      )}
    </div>
  );
}
