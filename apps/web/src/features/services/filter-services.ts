import type { ServiceVendor } from '@nirmaan/shared/api';
import { priceBandOf, type PriceBand } from '@nirmaan/shared/constants';

export interface ServiceFilters {
  text: string;
  /** 'All' or one of SERVICE_SUB_CATEGORY_FILTERS. */
  subCategory: string;
  band: PriceBand | 'all';
}

export const NO_SERVICE_FILTERS: ServiceFilters = { text: '', subCategory: 'All', band: 'all' };

/** The services list's client-side filters (SPEC.md §5): text over name, sub-category and description. */
export function filterServices(vendors: readonly ServiceVendor[], { text, subCategory, band }: ServiceFilters): ServiceVendor[] {
  const needle = text.trim().toLowerCase();
  const sub = subCategory.toLowerCase();
  return vendors.filter((v) => {
    if (needle) {
      const haystack = [v.Business_Name, v.Owner_name, v.Description, ...v.Sub_Category].join('\n').toLowerCase();
      if (!haystack.includes(needle)) return false;
    }
    if (sub !== 'all' && !v.Sub_Category.some((s) => s.toLowerCase() === sub) && v.Category.toLowerCase() !== sub) return false;
    return band === 'all' || priceBandOf(v.Charge_Per_Hour_or_Day) === band;
  });
}

export function pageCount(total: number, perPage: number) {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Items of a 1-based page; a page past the end is clamped to the last one. */
export function pageSlice<T>(items: readonly T[], page: number, perPage: number): T[] {
  const last = pageCount(items.length, perPage);
  const current = Math.min(Math.max(1, page), last);
  return items.slice((current - 1) * perPage, current * perPage);
}
