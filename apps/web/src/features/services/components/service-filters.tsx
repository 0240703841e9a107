import { useId } from 'react';
import { PRICE_BANDS, SERVICE_SUB_CATEGORY_FILTERS, type PriceBand } from '@nirmaan/shared/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import type { ServiceFilters } from '../filter-services.ts';

const BAND_KEYS = Object.keys(PRICE_BANDS) as PriceBand[];

export function ServiceFiltersBar({ filters, onChange }: { filters: ServiceFilters; onChange: (next: ServiceFilters) => void }) {
  const id = useId();
  const { i18n, t } = useLingui();
  return (
    <form className="card card-body catalogue-filters mb-4" role="search" onSubmit={(e) => e.preventDefault()}>
      <div className="row g-3 align-items-end">
        <div className="col-md-6">
          <label htmlFor={`${id}-text`} className="form-label small fw-semibold"><Trans>Search professionals</Trans></label>
          <input
            id={`${id}-text`}
            type="search"
            className="form-control"
            placeholder={t`Name, speciality or keyword`}
            value={filters.text}
            onChange={(e) => onChange({ ...filters, text: e.target.value })}
          />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-sub`} className="form-label small fw-semibold"><Trans>Sub-category</Trans></label>
          <select
            id={`${id}-sub`}
            className="form-select"
            value={filters.subCategory}
            onChange={(e) => onChange({ ...filters, subCategory: e.target.value })}
          >
            {SERVICE_SUB_CATEGORY_FILTERS.map((sub) => <option key={sub} value={sub}>{term(i18n, sub)}</option>)}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-band`} className="form-label small fw-semibold"><Trans>Price range</Trans></label>
          <select
            id={`${id}-band`}
            className="form-select"
            value={filters.band}
            onChange={(e) => onChange({ ...filters, band: e.target.value as PriceBand | 'all' })}
          >
            <option value="all">{t`All`}</option>
            {BAND_KEYS.map((band) => <option key={band} value={band}>{term(i18n, PRICE_BANDS[band].label)}</option>)}
          </select>
        </div>
      </div>
    </form>
  );
}
