import {
  MATERIAL_CATEGORIES, MSG, PRODUCT_PAGE_DEFAULT, RECENT_PRODUCTS_MAX, ZId, type Product, type ProductViewAnswer, RELATED_PRODUCTS_LIMIT, SEARCH_RESULTS_LIMIT, TOTAL_COUNT_CAP,
  QUANTITY_BREAK_MSG, VENDOR_PRODUCT_MSG, breakNotBelowPrice, chooseProductTax, type ProductPage, type ProductTaxChoice, type QuantityBreak, type Suggestions,
  type VendorProduct, type ZProductListQuery,
} from '@nirmaan/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isCheckViolation } from '../../lib/db-errors.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { LimitRule, RateLimiter } from '../../lib/rate-limit.ts';
import { similarity } from '../../lib/trigram.ts';
import { TtlMemo } from '../../lib/ttl-memo.ts';
import * as repo from './repository.ts';
import { CATALOGUE_LISTED_CHANNEL, LiveSearchIndex, type Ranked, SearchIndex } from './search-index.ts';
import { toWireProduct, toWireProductDetail, toWireVendorProduct } from './wire.ts';

type ListQuery = z.output<typeof ZProductListQuery>;

/** Categories whose name is near the term (typos included), scored like pg_trgm's similarity. */
const NEAR_CATEGORY = 0.4;
function nearCategories(term: string) {
  return MATERIAL_CATEGORIES
    .map((c) => ({ name: c.name, score: Math.max(similarity(term, c.name), ...c.name.split(/\s+/).map((w) => similarity(term, w))) }))
    .filter((c) => c.score >= NEAR_CATEGORY);
}

/** A category name lists exactly that category; any other term searches names, brands and categories. */
function toProductQuery(q: ListQuery, limit: number): repo.ProductQuery {
  const term = q.category;
  const category = MATERIAL_CATEGORIES.find((c) => c.name.toLowerCase() === term.toLowerCase())?.name ?? null;
  const search = category === null && term !== '';
  return {
    category,
    term,
    maxPrice: q.maxPrice,
    locations: q.location,
    sort: q.sort === 'relevance' && !search ? 'price_asc' : (q.sort ?? (search ? 'relevance' : 'price_asc')),
    limit,
    after: decodeCursor(q.cursor),
  };
}

/** The embedded engine's in-memory search index, per database (docs/decisions/033); none on PostgreSQL. */
const searchIndexes = new WeakMap<Db, LiveSearchIndex>();

/**
 * Serves this database's searches from memory (PGlite: one process owns the database). `listen` delivers the
 * notices of migration 0034's triggers, so every write that changes what a list shows or finds, by whatever code
 * (a seller, an operator, an order's review, the seed, a test), has the next search read the catalogue again.
 */
export async function searchInMemory(db: Db, listen: (channel: string, onNotify: () => void) => Promise<void>) {
  const live = new LiveSearchIndex(db);
  await listen(CATALOGUE_LISTED_CHANNEL, () => live.changed());
  searchIndexes.set(db, live);
  // Read it now, so the first search does not wait for it; a failed read is read again by that search.
  live.current().catch(() => undefined);
}

async function searchIndexOf(db: Db): Promise<SearchIndex | undefined> {
  return (await searchIndexes.get(db)?.current()) ?? undefined;
}

/** The in-memory index's spelling of every word, or undefined when it cannot answer for one (SQL then does). */
function spellInMemory(index: SearchIndex, words: string[]): (string | null)[] | undefined {
  const spelt = words.map((w) => index.spell(w));
  return spelt.some((w) => w === undefined) ? undefined : (spelt as (string | null)[]);
}

/**
 * A search's words as the catalogue spells them (see repo.catalogueWords): "tiile" searches for "tile", a
 * word being typed for the word it begins, and a word like nothing in the catalogue drops out. Null when no
 * word is left: nothing can match, and the products need not be searched at all.
 */
async function spellForCatalogue(db: Db, q: repo.ProductQuery): Promise<repo.ProductQuery | null> {
  if (q.category !== null || q.term === '') return q;
  const words = [...new Set(q.term.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2 && w.length <= 40))].slice(0, 8);
  const index = await searchIndexOf(db);
  const spelt = ((index && spellInMemory(index, words)) ?? (await repo.catalogueWords(db, words))).filter((w): w is string => w !== null);
  return spelt.length === 0 ? null : { ...q, term: spelt.join(' ') };
}

/** What the in-memory index finds for a search (undefined on PostgreSQL, for anything but a search, or a term it cannot read). */
async function rankInMemory(db: Db, q: repo.ProductQuery): Promise<Ranked | undefined> {
  if (q.category !== null || q.term === '') return undefined;
  return (await searchIndexOf(db))?.rank(q.term);
}

/**
 * A page of a list. A search by relevance on the embedded engine is answered from memory; in another order it
 * reads the page in SQL over the ids the index found.
 */
async function listMatching(db: Db, q: repo.ProductQuery): Promise<repo.ListedRow[]> {
  const ranked = await rankInMemory(db, q);
  if (ranked && q.sort === 'relevance') return SearchIndex.page(q, ranked, q.after && 'offset' in q.after ? q.after.offset : 0);
  return repo.listProducts(db, q, ranked);
}

const BAD_CURSOR = 'That page link is no longer valid. Please start the list again.';

function decodeCursor(cursor: string | undefined): repo.ProductPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      // `pp`: the price in paise (a cursor from before decision record 030 carried rupees as `p` and is refused).
      if (Number.isSafeInteger(o.pp) && typeof o.i === 'string' && /^[0-9a-f-]{36}$/.test(o.i)) return { pricePaise: o.pp as number, id: o.i };
      if (typeof o.o === 'number' && Number.isInteger(o.o) && o.o >= 0 && o.o <= 10_000) return { offset: o.o };
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('BAD_REQUEST', BAD_CURSOR);
}

function nextCursor(q: repo.ProductQuery, rows: repo.ListedRow[]): string | null {
  if (rows.length <= q.limit) return null;
  const last = rows[q.limit - 1]!.product;
  const position = q.sort === 'relevance' || q.sort === 'popular'
    ? { o: (q.after && 'offset' in q.after ? q.after.offset : 0) + q.limit }
    : { pp: last.pricePaise, i: last.id };
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The spec's `/fetch?category=`: an array, capped at a page of SEARCH_RESULTS_LIMIT unless `limit` says less. */
export async function searchProducts(db: Db, query: ListQuery) {
  const q = await spellForCatalogue(db, toProductQuery(query, query.limit ?? SEARCH_RESULTS_LIMIT));
  if (!q) return [];
  const rows = await listMatching(db, q);
  return rows.slice(0, q.limit).map(toWireProduct);
}

/**
 * A list's total does not depend on the page: counting up to TOTAL_COUNT_CAP matches costs more than reading a
 * page, so each list's count is kept for a minute while its pages are walked (in this process; it may lag a
 * product added meanwhile by that long).
 */
const totalsByDb = new WeakMap<Db, TtlMemo<number>>();
const countMatches = (db: Db, q: repo.ProductQuery) => {
  let totals = totalsByDb.get(db);
  if (!totals) totalsByDb.set(db, (totals = new TtlMemo<number>({ ttlMs: 60_000, max: 2_000 })));
  const key = JSON.stringify([q.category, q.term, q.maxPrice ?? null, [...q.locations].sort()]);
  return totals.get(key, async () => {
    const ranked = await rankInMemory(db, q);
    return ranked ? SearchIndex.count(q, ranked, TOTAL_COUNT_CAP) : repo.countProducts(db, q, TOTAL_COUNT_CAP);
  });
};

/**
 * Forgets this process's list totals, so a product added, changed or deleted counts at once. Called on every
 * `products` cache eviction, which with Redis reaches every server process.
 */
export function forgetTotals(db: Db) {
  totalsByDb.get(db)?.clear();
}

/** A page of products with the count of all matches (capped) and the next page's cursor. */
export async function listProductPage(db: Db, query: ListQuery): Promise<ProductPage> {
  const asked = toProductQuery(query, query.limit ?? PRODUCT_PAGE_DEFAULT);
  const q = await spellForCatalogue(db, asked);
  if (!q) return { items: [], total: 0, totalIsCapped: false, nextCursor: null, exactCategory: false };
  const [rows, count] = await Promise.all([listMatching(db, q), countMatches(db, q)]);
  return {
    items: rows.slice(0, q.limit).map(toWireProduct),
    total: Math.min(count, TOTAL_COUNT_CAP),
    totalIsCapped: count > TOTAL_COUNT_CAP,
    nextCursor: nextCursor(q, rows),
    exactCategory: q.category !== null,
  };
}

/** Header suggestions while typing: near categories first, then the best-matching distinct product names. */
export async function suggest(db: Db, term: string): Promise<Suggestions> {
  const categories = nearCategories(term).sort((a, b) => b.score - a.score).slice(0, 3);
  // Many sellers list the same product: read the nearest few dozen and keep six distinct names.
  const q = await spellForCatalogue(db, toProductQuery({ category: term, location: [], sort: 'relevance' }, 40));
  const rows = q && q.category === null ? await listMatching(db, q) : [];
  const seen = new Set<string>();
  const products = rows.filter((r) => !seen.has(r.product.name) && seen.add(r.product.name)).slice(0, 6);
  return {
    suggestions: [
      ...categories.map((c) => ({ kind: 'category' as const, label: c.name })),
      ...products.map((r) => ({ kind: 'product' as const, label: r.product.name, id: r.product.id })),
    ],
  };
}

export async function getProduct(db: Db, id: string) {
  const [row, breaks] = await Promise.all([repo.findProduct(db, id), repo.quantityBreaksOf(db, [id])]);
  if (!row) throw notFound(MSG.productNotFound);
  return toWireProductDetail(row, breaks.get(id) ?? []);
}

export async function listRelatedProducts(db: Db, category: string, excludeId?: string) {
  const rows = await repo.listRelatedProducts(db, category, excludeId, RELATED_PRODUCTS_LIMIT);
  return rows.map(toWireProduct);
}

/** The related products of a product named by id, read beside the product (a server-rendered product page). */
export async function listRelatedToProduct(db: Db, productId: string) {
  return (await repo.listRelatedToProduct(db, productId, RELATED_PRODUCTS_LIMIT)).map(toWireProduct);
}

/** Whether a shown product has the id (the reviews module asks before listing its reviews). */
export const productExists = repo.productExists;

/** A seller's products for its store (the vendors module asks through here). */
export async function listProductsOfVendor(db: Db, vendorId: string) {
  return (await repo.listProductsOfVendor(db, vendorId)).map(toWireProduct);
}

/** For the ops module: every product page of a vendor, to evict when the vendor is suspended or listed again. */
export const productIdsOfVendor = repo.productIdsOfVendor;

// For the cart and orders (other modules reach products only through here).

export type { ProductForSale } from './repository.ts';
export const findProductsForSale = repo.findProductsForSale;
export const lockProductsForSale = repo.lockProductsForSale;
export const liveProductsOfVendorsInCategory = repo.liveProductsOfVendorsInCategory;
export const takeStock = repo.takeStock;
export const returnStock = repo.returnStock;

/** For the reviews module: the product's stored rating sum and count, changed in the review write's transaction. */
export const lockProductForRating = repo.lockProductForRating;
export const addToProductRating = repo.addToProductRating;

// The vendor portal's own products (the vendor-products module decides who may; this reads and writes them).

export async function listOwnProducts(db: Db, vendorId: string): Promise<VendorProduct[]> {
  const rows = await repo.listOwnProducts(db, vendorId);
  const breaks = await repo.quantityBreaksOf(db, rows.map((r) => r.product.id));
  return rows.map((r) => toWireVendorProduct(r, breaks.get(r.product.id) ?? []));
}

async function ownProduct(db: Db, vendorId: string, id: string): Promise<VendorProduct> {
  const [row, breaks] = await Promise.all([repo.findOwnProduct(db, vendorId, id), repo.quantityBreaksOf(db, [id])]);
  if (!row) throw notFound(VENDOR_PRODUCT_MSG.notFound);
  return toWireVendorProduct(row, breaks.get(id) ?? []);
}

/** Refuses quantity prices not below the list price (400 naming the field), whichever of the two changed. */
function assertBreaksBelowPrice(listPaise: number, breaks: QuantityBreak[]) {
  const above = breakNotBelowPrice(listPaise, breaks);
  if (above) throw fieldError('QuantityBreaks', QUANTITY_BREAK_MSG.notBelowList(above, listPaise));
}

/** A new product with its quantity prices, in one transaction. */
export async function createOwnProduct(db: Db, vendorId: string, values: Omit<repo.NewProduct, 'vendorId'>, quantityBreaks: QuantityBreak[] = []): Promise<VendorProduct> {
  assertBreaksBelowPrice(values.pricePaise, quantityBreaks);
  const id = await db.transaction(async (tx) => {
    const created = await repo.insertProduct(tx, { ...values, vendorId });
    await repo.replaceQuantityBreaks(tx, created, quantityBreaks);
    return created;
  });
  return ownProduct(db, vendorId, id);
}

/** A seller's HSN and GST rate as sent: undefined leaves it, null goes back to the category's default. */
export interface TaxChange { hsn?: string | null; ratePercent?: number | null }

/**
 * The product's tax choice after a change of its category or of the choice itself, checked against the category
 * (400 naming the field when not allowed). A new category alone keeps an HSN it allows, else takes its default.
 */
function taxChoiceAfter(locked: ProductTaxChoice & { category: string }, category: string, tax: TaxChange): ProductTaxChoice {
  if (tax.hsn === undefined && tax.ratePercent === undefined) {
    const kept = chooseProductTax(category, locked.hsn, locked.gstRatePercent);
    return kept.ok ? kept.choice : { hsn: null, gstRatePercent: null };
  }
  const hsn = tax.hsn !== undefined ? tax.hsn : locked.hsn;
  // A new HSN alone takes its own rate; a new rate alone is checked against the HSN kept.
  const rate = tax.ratePercent !== undefined ? tax.ratePercent : tax.hsn !== undefined ? null : locked.gstRatePercent;
  const result = chooseProductTax(category, hsn, rate);
  if (!result.ok) throw fieldError(result.field, result.message);
  return result.choice;
}

/**
 * A change touching the category, the tax choice, the price or the quantity prices: the row is locked, so racing
 * changes cannot mix a category with another's HSN, nor a price with quantity prices that are not below it.
 */
async function updateLocked(db: Db, vendorId: string, id: string, changes: repo.ProductChanges, tax: TaxChange, quantityBreaks: QuantityBreak[] | undefined): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockOwnProduct(tx, vendorId, id);
    if (!locked) return false;
    const touchesTax = changes.category !== undefined || tax.hsn !== undefined || tax.ratePercent !== undefined;
    const choice = touchesTax ? taxChoiceAfter(locked, changes.category ?? locked.category, tax) : {};
    const breaks = quantityBreaks ?? (await repo.quantityBreaksOf(tx, [id])).get(id) ?? [];
    assertBreaksBelowPrice(changes.pricePaise ?? locked.pricePaise, breaks);
    if (quantityBreaks === undefined) return repo.updateOwnProduct(tx, vendorId, id, { ...changes, ...choice });
    await repo.replaceQuantityBreaks(tx, id, quantityBreaks);
    // The page shows them: its last change (the sitemap's lastmod) is now.
    return repo.updateOwnProduct(tx, vendorId, id, { ...changes, ...choice, updatedAt: new Date() });
  });
}

/**
 * Another vendor's product, or a deleted one, is "not found": its existence is none of the caller's business.
 * `quantityBreaks`, when given, replace the product's.
 */
export async function changeOwnProduct(
  db: Db, vendorId: string, id: string, changes: repo.ProductChanges, tax: TaxChange = {}, quantityBreaks?: QuantityBreak[],
): Promise<VendorProduct> {
  let changed: boolean;
  const locks = changes.category !== undefined || tax.hsn !== undefined || tax.ratePercent !== undefined || changes.pricePaise !== undefined || quantityBreaks !== undefined;
  try {
    changed = await (locks ? updateLocked(db, vendorId, id, changes, tax, quantityBreaks) : repo.updateOwnProduct(db, vendorId, id, changes));
  } catch (err) {
    // products_price_check: the new price above the stored MRP (or the new MRP below the stored price).
    if (isCheckViolation(err)) throw fieldError('ProductMrp', VENDOR_PRODUCT_MSG.mrpBelowPrice);
    throw err;
  }
  if (!changed) throw notFound(VENDOR_PRODUCT_MSG.notFound);
  return ownProduct(db, vendorId, id);
}

export async function deleteOwnProduct(db: Db, vendorId: string, id: string) {
  if (!(await repo.softDeleteOwnProduct(db, vendorId, id))) throw notFound(VENDOR_PRODUCT_MSG.notFound);
}

export type { NewProduct, ProductChanges } from './repository.ts';

/** The sitemap's keyset reads (docs/decisions/023). */
export const sitemapProductChunk = repo.sitemapProductChunk;
export const sitemapProducts = repo.sitemapProducts;

/**
 * POST /recent-products: the shown products among the first RECENT_PRODUCTS_MAX ids, in the order given, each once;
 * an id naming no shown product (or not an id at all) is skipped.
 */
export async function recentProducts(db: Db, ids: string[]): Promise<Product[]> {
  const wanted = [...new Set(ids.slice(0, RECENT_PRODUCTS_MAX).map((id) => id.toLowerCase()))].filter((id) => ZId.safeParse(id).success);
  const byId = new Map((await repo.shownProductsByIds(db, wanted)).map((row) => [row.product.id, row]));
  return wanted.flatMap((id) => (byId.has(id) ? [toWireProduct(byId.get(id)!)] : []));
}

/**
 * What counts as a view: one per client and product in half an hour (a reload or a client calling on every render
 * adds nothing), and at most 300 counted views per client an hour, so one client cannot push a product up the
 * popular sort. A call beyond either is answered, not refused: it just does not count.
 */
const VIEW_PER_PRODUCT: LimitRule = { limit: 1, minutes: 30, message: () => 'Counted already.' };
const VIEWS_PER_CLIENT: LimitRule = { limit: 300, minutes: 60, message: () => 'Too many views from this client.' };

async function viewCounts(limiter: RateLimiter, client: string, productId: string): Promise<boolean> {
  try {
    await limiter.take(`views:${client}:${productId}`, VIEW_PER_PRODUCT);
    await limiter.take(`views:${client}`, VIEWS_PER_CLIENT);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') return false;
    throw err;
  }
}

/**
 * POST /updateview/{productId}: counts a view of a shown product (404 for any other id). The count lives in its own
 * row (product_views), so no cached product page or list is evicted: a busy product costs no cache refills.
 */
export async function countProductView(db: Db, limiter: RateLimiter, client: string, productId: string): Promise<ProductViewAnswer> {
  const current = await repo.viewsOf(db, productId);
  if (current === null) throw notFound(MSG.productNotFound);
  if (!(await viewCounts(limiter, client, productId))) return { message: 'Already counted', counted: false, views: current };
  const views = await repo.countView(db, productId);
  // Deleted between the two reads: nothing was counted.
  if (views === null) throw notFound(MSG.productNotFound);
  return { message: 'Success', counted: true, views };
}

/** A vendor's product views for its dashboard: the total and its `top` most viewed products. */
export async function vendorProductViews(db: Db, vendorId: string, top: number) {
  const views = await repo.vendorProductViews(db, vendorId, top);
  return { total: views.total, top: views.top.map((p) => ({ _id: p.id, ProductName: p.name, views: p.views })) };
}
