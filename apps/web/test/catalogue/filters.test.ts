import { describe, expect, it } from 'vitest';
import { starParts } from '../../src/components/ui/stars.tsx';
import { productQuery } from '../../src/features/products/filter-products.ts';
import { filterServices, NO_SERVICE_FILTERS, pageCount, pageSlice } from '../../src/features/services/filter-services.ts';
import { averageRating } from '../../src/features/services/rating.ts';
import { makeVendor } from './fixtures.ts';

describe('service filters', () => {
  const at = (charge: number) => makeVendor({ Business_Name: `Charge ${charge}`, Charge_Per_Hour_or_Day: charge });
  const vendors = [at(499), at(500), at(1500), at(1501)];
  const names = (list: { Business_Name: string }[]) => list.map((v) => v.Business_Name);

  it('puts 500 and 1500 in the medium band, below 500 low, above 1500 high', () => {
    expect(names(filterServices(vendors, { ...NO_SERVICE_FILTERS, band: 'low' }))).toEqual(['Charge 499']);
    expect(names(filterServices(vendors, { ...NO_SERVICE_FILTERS, band: 'medium' }))).toEqual(['Charge 500', 'Charge 1500']);
    expect(names(filterServices(vendors, { ...NO_SERVICE_FILTERS, band: 'high' }))).toEqual(['Charge 1501']);
    expect(filterServices(vendors, NO_SERVICE_FILTERS)).toHaveLength(4);
  });

  it('matches the text against name, sub-category or description, ignoring case', () => {
    const list = [
      makeVendor({ Business_Name: 'Kumar Electricals', Sub_Category: ['Electrician'], Description: 'Wiring' }),
      makeVendor({ Business_Name: 'Asha Paints', Sub_Category: ['Painter'], Description: 'Texture walls' }),
      makeVendor({ Business_Name: 'Joseph Woodworks', Sub_Category: ['Carpenter'], Description: 'Modular KITCHENS' }),
    ];
    expect(names(filterServices(list, { ...NO_SERVICE_FILTERS, text: 'kumar' }))).toEqual(['Kumar Electricals']);
    expect(names(filterServices(list, { ...NO_SERVICE_FILTERS, text: 'PAINTER' }))).toEqual(['Asha Paints']);
    expect(names(filterServices(list, { ...NO_SERVICE_FILTERS, text: ' kitchens ' }))).toEqual(['Joseph Woodworks']);
    expect(filterServices(list, { ...NO_SERVICE_FILTERS, text: 'welding' })).toEqual([]);
  });

  it('keeps only the chosen sub-category', () => {
    const list = [makeVendor({ Sub_Category: ['Welder'] }), makeVendor({ Sub_Category: ['Mechanic', 'Welder'] }), makeVendor({ Sub_Category: ['Painter'] })];
    expect(filterServices(list, { ...NO_SERVICE_FILTERS, subCategory: 'Welder' })).toHaveLength(2);
  });

  it('slices 6 per page and clamps a page past the end', () => {
    const items = Array.from({ length: 13 }, (_, i) => i + 1);
    expect(pageCount(items.length, 6)).toBe(3);
    expect(pageCount(0, 6)).toBe(1);
    expect(pageSlice(items, 1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageSlice(items, 3, 6)).toEqual([13]);
    expect(pageSlice(items, 9, 6)).toEqual([13]);
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
