import { z } from 'zod';
import { ZProduct } from './api.ts';
import { text } from './text.ts';

/**
 * Lists that scale: filters and sorts run in SQL, pages are keyset cursors for price orders and
 * offsets for relevance. `/fetch?category=` takes the same optional parameters and keeps answering the spec's
 * array; `/api/products` answers a page with its total.
 */
/** `popular`: most viewed first (POST /updateview/{productId}), then cheapest; never the default. */
export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PAGE_DEFAULT = 24;
export const PRODUCT_PAGE_MAX = 100;
/** Totals are counted up to this many matches; beyond it the UI says "1,000+". */
export const TOTAL_COUNT_CAP = 1_000;

const term = text().trim().max(100, 'Search terms are at most 100 characters.');
/** `?location=Hyderabad,Mumbai` or repeated `?location=`. */
const locations = z.union([z.array(text()), text()]).optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(','))).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(60)).max(10, 'Choose at most 10 locations.'));

export const ZProductListQuery = z.object({
  category: term.optional().default(''),
  limit: z.coerce.number().int().min(1, 'limit is at least 1.').max(PRODUCT_PAGE_MAX, `limit is at most ${PRODUCT_PAGE_MAX}.`).optional(),
  cursor: text().max(200).optional(),
  maxPrice: z.coerce.number().min(0, 'maxPrice cannot be negative.').max(100_000_000).optional(),
  location: locations,
  sort: z.enum(PRODUCT_SORTS, 'sort is relevance, price_asc, price_desc or popular.').optional(),
});
export type ProductListQuery = z.input<typeof ZProductListQuery>;

export const ZProductPage = z.object({
  items: z.array(ZProduct),
  /** Matches in all, counted up to TOTAL_COUNT_CAP. */
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** True when the term named a category, so only that category is listed. */
  exactCategory: z.boolean(),
});
export type ProductPage = z.infer<typeof ZProductPage>;

export const ZSuggestQuery = z.object({ q: term.min(1, 'Type something to search for.') });
export const ZSuggestions = z.object({
  suggestions: z.array(z.object({
    kind: z.enum(['category', 'product']),
    label: z.string(),
    /** The product's id for products; absent for categories. */
    id: z.string().optional(),
  })),
});
export type Suggestions = z.infer<typeof ZSuggestions>;

/**
 * POST /recent-products (the seed's original frontend): its recently viewed products by id. Ids that name no shown
 * product (unknown, deleted, a suspended vendor's, or not ids at all, like an old backend's) are skipped; only the
 * first RECENT_PRODUCTS_MAX ids are read.
 */
export const RECENT_PRODUCTS_MAX = 20;
export const ZRecentProductsBody = z.object({
  ids: z.array(z.string().max(100, 'An id is at most 100 characters.'), 'ids is a list of product ids.')
    .max(100, 'Send at most 100 ids; the first 20 are read.'),
});

/** POST /updateview/{productId}: whether this call counted (one view per client and product in a while) and the count. */
export const ZProductViewAnswer = z.object({ message: z.string(), counted: z.boolean(), views: z.number().int() });
export type ProductViewAnswer = z.infer<typeof ZProductViewAnswer>;
