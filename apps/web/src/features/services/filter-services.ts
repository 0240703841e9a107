import type { PriceBand } from '@nirmaan/shared/constants';

export interface ServiceFilters {
  text: string;
  /** 'All' or one of SERVICE_SUB_CATEGORY_FILTERS. */
  subCategory: string;
  band: PriceBand | 'all';
}

export const NO_SERVICE_FILTERS: ServiceFilters = { text: '', subCategory: 'All', band: 'all' };

/**
 * The services list's filters as `/api/services` parameters (the spec's text, sub-category and price band):
 * the server filters and pages, so a trade of thousands of professionals costs one page.
 */
export function serviceQuery(term: string, { text, subCategory, band }: ServiceFilters, page: number): string {
  const params = new URLSearchParams({ category: term, page: String(page) });
  if (text.trim()) params.set('q', text.trim());
  if (subCategory !== 'All') params.set('subCategory', subCategory);
  if (band !== 'all') params.set('band', band);
  return params.toString();
}

/** Page numbers to show: the first, the last, and two either side of the current one; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, pages, ...[-2, -1, 0, 1, 2].map((d) => page + d)])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]));
}
