import { useId } from 'react';
import {
  MATERIAL_FILTER_CATEGORIES, MATERIAL_LOCATIONS, MAX_PRICE_DEFAULT, MAX_PRICE_STEP,
} from '@nirmaan/shared/constants';
import { formatRupees } from '@nirmaan/shared/money';
import { Trans, useLingui } from '@lingui/react/macro';
import { term as termOf } from '../../../lib/terms.ts';
import type { MaterialFilters } from '../filter-products.ts';

interface Props {
  term: string;
  filters: MaterialFilters;
  onChange: (next: MaterialFilters) => void;
  onCategory: (category: string) => void;
  onReset: () => void;
}

/** Category (server-side, through the URL) and location and price (client-side) filters. */
export function MaterialFiltersPanel({ term, filters, onChange, onCategory, onReset }: Props) {
  const id = useId();
  const { i18n } = useLingui();
  const toggleLocation = (city: string, checked: boolean) =>
    onChange({
      ...filters,
      locations: checked ? [...filters.locations, city] : filters.locations.filter((c) => c !== city),
    });

  return (
    <div className="card catalogue-filters">
      <div className="card-body d-flex flex-column gap-4">
        <div className="d-flex justify-content-between align-items-center">
          <h2 className="h6 mb-0"><Trans>Filters</Trans></h2>
          <button type="button" className="btn btn-link btn-sm p-0" onClick={onReset}><Trans>Clear all</Trans></button>
        </div>

        <fieldset>
          <legend className="catalogue-legend"><Trans>Category</Trans></legend>
          {MATERIAL_FILTER_CATEGORIES.map((category) => (
            <div className="form-check" key={category}>
              <input
                className="form-check-input"
                type="radio"
                name={`${id}-category`}
                id={`${id}-cat-${category}`}
                checked={term.toLowerCase() === category.toLowerCase()}
                onChange={() => onCategory(category)}
              />
              <label className="form-check-label" htmlFor={`${id}-cat-${category}`}>{termOf(i18n, category)}</label>
            </div>
          ))}
        </fieldset>

        <fieldset>
          <legend className="catalogue-legend"><Trans>Location</Trans></legend>
          {MATERIAL_LOCATIONS.map((city) => (
            <div className="form-check" key={city}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`${id}-loc-${city}`}
                checked={filters.locations.includes(city)}
                onChange={(e) => toggleLocation(city, e.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-loc-${city}`}>{city}</label>
            </div>
          ))}
        </fieldset>

        <div>
          <label htmlFor={`${id}-price`} className="catalogue-legend d-flex justify-content-between">
            <span><Trans>Max price</Trans></span>
            <span className="text-primary">{formatRupees(filters.maxPrice, { wholeRupees: 'short' })}</span>
          </label>
          <input
            type="range"
            className="form-range"
            id={`${id}-price`}
            min={0}
            max={MAX_PRICE_DEFAULT}
            step={MAX_PRICE_STEP}
            value={filters.maxPrice}
            aria-valuetext={formatRupees(filters.maxPrice, { wholeRupees: 'short' })}
            onChange={(e) => onChange({ ...filters, maxPrice: Number(e.target.value) })}
          />
          <div className="d-flex justify-content-between small text-body-secondary">
            <span>{formatRupees(0, { wholeRupees: 'short' })}</span>
            <span>{formatRupees(MAX_PRICE_DEFAULT, { wholeRupees: 'short' })}</span>
          </div>
        </div>
      </div>
    </div>
  );
}
