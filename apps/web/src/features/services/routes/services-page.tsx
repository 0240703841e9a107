import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ServiceVendor } from '@nirmaan/shared/api';
import { DEFAULT_SERVICE_CATEGORY, SERVICES_PER_PAGE } from '@nirmaan/shared/constants';
import { MSG } from '@nirmaan/shared/messages';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useServices } from '../api/services.ts';
import { PaginationBar } from '../components/pagination-bar.tsx';
import { ServiceCard } from '../components/service-card.tsx';
import { ServiceFiltersBar } from '../components/service-filters.tsx';
import { filterServices, NO_SERVICE_FILTERS, pageCount, pageSlice, type ServiceFilters } from '../filter-services.ts';

/** Services list: /service?search={category}, default Plumber (SPEC.md §2). */
export function Component() {
  const [params] = useSearchParams();
  const term = params.get('search')?.trim() || DEFAULT_SERVICE_CATEGORY;
  const services = useServices(term);

  return (
    <div className="container py-4 catalogue-page">
      <title>{`${term} — Book professionals | Nirmaan`}</title>
      <p className="catalogue-eyebrow mb-1">Professional services</p>
      <h1 className="h3 mb-1">{term}</h1>
      <p className="text-body-secondary mb-4">{services.data?.description ?? '\u00a0'}</p>
      {services.isPending ? (
        <Loading text="Loading professionals..." />
      ) : services.isError ? (
        <ErrorState>Professionals could not be loaded. Please try again.</ErrorState>
      ) : (
        // Keyed by term: a new search starts with fresh filters on page 1.
        <ServiceResults key={term} term={term} vendors={services.data.services} />
      )}
    </div>
  );
}

function ServiceResults({ term, vendors }: { term: string; vendors: ServiceVendor[] }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ServiceFilters>(NO_SERVICE_FILTERS);
  const [page, setPage] = useState(1);
  const listTop = useRef<HTMLDivElement>(null);

  const matching = useMemo(() => filterServices(vendors, filters), [vendors, filters]);
  const pages = pageCount(matching.length, SERVICES_PER_PAGE);
  const current = Math.min(page, pages);
  const shown = pageSlice(matching, current, SERVICES_PER_PAGE);

  const changeFilters = (next: ServiceFilters) => {
    setFilters(next);
    setPage(1);
  };
  const changePage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const book = (vendorId: string) => {
    // The booking page reads the chosen professional from here (SPEC.md §3 storage keys).
    localStorage.setItem('Customerid', vendorId);
    navigate('/myorder/service');
  };

  const filtered = filters !== NO_SERVICE_FILTERS;
  return (
    <>
      {vendors.length > 0 ? <ServiceFiltersBar filters={filters} onChange={changeFilters} /> : null}
      <div ref={listTop} className="catalogue-scroll-anchor" />
      {matching.length === 0 ? (
        <div className="text-center">
          <EmptyState>{MSG.noVendorsFor(term)}</EmptyState>
          {filtered && vendors.length > 0 ? (
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
            Showing {(current - 1) * SERVICES_PER_PAGE + 1}–{(current - 1) * SERVICES_PER_PAGE + shown.length} of{' '}
            {matching.length} {matching.length === 1 ? 'professional' : 'professionals'}
          </p>
          <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled mb-0">
            {shown.map((vendor) => (
              <li className="col" key={vendor._id}>
                <ServiceCard vendor={vendor} onBook={book} />
              </li>
            ))}
          </ul>
          <PaginationBar page={current} pages={pages} onPage={changePage} />
        </>
      )}
    </>
  );
}
