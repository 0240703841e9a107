import { describe, expect, it } from 'vitest';
import { starParts } from '../../src/components/ui/stars.tsx';
import { productQuery } from '../../src/features/products/filter-products.ts';
import { NO_SERVICE_FILTERS, pageWindow, serviceQuery } from '../../src/features/services/filter-services.ts';
import { averageRating } from '../../src/features/services/rating.ts';

describe('service filters (sent to the server, which filters and pages: apps/server/test/search.test.ts)', () => {
  const query = (filters: Parameters<typeof serviceQuery>[1], page = 1) => Object.fromEntries(new URLSearchParams(serviceQuery('Electrician', filters, page)));

  it('sends only the filters in use, with the page', () => {
    expect(query(NO_SERVICE_FILTERS)).toEqual({ category: 'Electrician', page: '1' });
    expect(query({ text: ' kumar ', subCategory: 'Welder', band: 'medium' }, 3)).toEqual({
      category: 'Electrician', page: '3', q: 'kumar', subCategory: 'Welder', band: 'medium',
    });
  });

  it('shows the first, the last and two page numbers either side of the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, null, 40]);
    expect(pageWindow(20, 40)).toEqual([1, null, 18, 19, 20, 21, 22, null, 40]);
    expect(pageWindow(40, 40)).toEqual([1, null, 38, 39, 40]);
  });
});

describe('material filters (sent to the server, which filters, sorts and pages: apps/server/test/search.test.ts)', () => {
  const query = (filters: Parameters<typeof productQuery>[1], cursor?: string) =>
    Object.fromEntries(new URLSearchParams(productQuery('Cement', filters, 100_000, cursor)));

  it('asks for price low to high by default and high to low on request', () => {
    expect(query({ locations: [], maxPrice: 100_000, sort: 'asc' })).toEqual({ category: 'Cement', sort: 'price_asc' });
    expect(query({ locations: [], maxPrice: 100_000, sort: 'desc' }).sort).toBe('price_desc');
    expect(query({ locations: [], maxPrice: 100_000, sort: 'relevance' }).sort).toBe('relevance');
  });

  it('sends the checked locations, a lowered maximum price and the next page’s cursor', () => {
    expect(query({ locations: ['Hyderabad', 'Mumbai'], maxPrice: 1_000, sort: 'asc' }, 'abc')).toEqual({
      category: 'Cement', sort: 'price_asc', location: 'Hyderabad,Mumbai', maxPrice: '1000', cursor: 'abc',
    });
  });
});

describe('ratings', () => {
  it('draws a half star from a fraction of 0.5 and an empty one below', () => {
    expect(starParts(4.5)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starParts(4.4)).toEqual({ full: 4, half: 0, empty: 1 });
  });

  it('averages reviews to one decimal and has none without reviews', () => {
    expect(averageRating([{ rating: 5 }, { rating: 4 }, { rating: 4 }])?.toFixed(1)).toBe('4.3');
    expect(averageRating([])).toBeNull();
  });
});
