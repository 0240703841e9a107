import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_SERVICE_CATEGORY, SERVICES_PER_PAGE } from '@nirmaan/shared/constants';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { term as termOf } from '../../../lib/terms.ts';
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
  const { i18n, t } = useLingui();
  // A category's name in the page's language; a searched word as typed.
  const heading = termOf(i18n, term);

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
      <title>{t`${heading} — Book professionals | Nirmaan`}</title>
      <p className="catalogue-eyebrow mb-1"><Trans>Professional services</Trans></p>
      <h1 className="h3 mb-1">{heading}</h1>
      <p className="text-body-secondary mb-4">{data?.description ? termOf(i18n, data.description) : '\u00a0'}</p>
      {data && (data.total > 0 || filtered) ? <ServiceFiltersBar filters={filters} onChange={changeFilters} /> : null}
      <div ref={listTop} className="catalogue-scroll-anchor" />
      {result.isPending ? (
        <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled mb-0" aria-busy="true" aria-label={t`Loading professionals...`}>
          {Array.from({ length: SERVICES_PER_PAGE }, (_, i) => <li className="col" key={i}><ServiceCardSkeleton /></li>)}
        </ul>
      ) : result.isError || !data ? (
        <ErrorState><Trans>Professionals could not be loaded. Please try again.</Trans></ErrorState>
      ) : data.total === 0 ? (
        <div className="text-center">
          <EmptyState>{t`No vendors found for "${heading}".`}</EmptyState>
          {filtered ? (
            <button type="button" className="btn btn-outline-primary" onClick={() => changeFilters(NO_SERVICE_FILTERS)}>
              <Trans>Clear filters</Trans>
            </button>
          ) : (
            <Link to="/Category" className="btn btn-outline-primary"><Trans>Browse all services</Trans></Link>
          )}
        </div>
      ) : (
        <>
          <p className="small text-body-secondary" aria-live="polite">
            <ShowingProfessionals from={(current - 1) * SERVICES_PER_PAGE + 1} to={(current - 1) * SERVICES_PER_PAGE + data.services.length} total={data.total} />
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

/** "Showing 1–6 of 14 professionals". */
function ShowingProfessionals({ from, to, total }: { from: number; to: number; total: number }) {
  const all = total.toLocaleString('en-IN');
  return <Plural value={total} one={`Showing ${from}–${to} of ${all} professional`} other={`Showing ${from}–${to} of ${all} professionals`} />;
}
