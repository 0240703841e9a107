import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productQuantityBreaks, productViews, products, searchWords } from '../../db/schema/catalogue.ts';
import { vendorCards } from '../../db/schema/published/vendors.ts';
import { preparedPerDb } from '../../lib/prepared-per-db.ts';
import { paiseAtMost } from '@nirmaan/shared/money';
import type { QuantityBreak } from '@nirmaan/shared/quantity-breaks';

/** The stored rating average (kept with each review write), null without reviews. */
const ratingAverage = sql<string | null>`case when ${products.ratingCount} > 0 then ${products.ratingSum}::numeric / ${products.ratingCount} end`;

function selectProducts(db: Db) {
  return db
    .select({
      product: products,
      vendor: {
        id: vendorCards.id,
        businessName: vendorCards.businessName,
        city: vendorCards.city,
        businessAddress: vendorCards.businessAddress,
        profileImage: vendorCards.profileImage,
      },
      reviewAverage: ratingAverage,
      reviewCount: products.ratingCount,
    })
    .from(products)
    .innerJoin(vendorCards, eq(vendorCards.id, products.vendorId));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/**
 * What a list shows of a product (wire.ts's toWireProduct): half the columns of `selectProducts`, so a page of
 * up to 200 rows reads, sends and parses no descriptions, stock or tax fields it does not show.
 */
const listedFields = {
  product: {
    id: products.id, name: products.name, brand: products.brand, category: products.category, pricePaise: products.pricePaise,
    mrpPaise: products.mrpPaise, unit: products.unit, images: products.images, location: products.location, tag: products.tag,
  },
  vendor: { id: vendorCards.id, businessName: vendorCards.businessName },
  reviewAverage: ratingAverage,
  reviewCount: products.ratingCount,
};

function selectListed(db: Db) {
  return db.select(listedFields).from(products).innerJoin(vendorCards, eq(vendorCards.id, products.vendorId));
}

export type ListedRow = Awaited<ReturnType<ReturnType<typeof selectListed>['execute']>>[number];

/** Not soft-deleted: the vendor's own lists read these; order history reads its own copy. */
const live = isNull(products.deletedAt);
/**
 * Not of a suspended vendor. The few suspended ids are read once per statement (an init plan over the
 * vendors_suspended_idx partial index, through the vendors module's vendor_cards view), so a search's index walk pays
 * an array check per row, not a join.
 */
const sellerListed = sql`${products.vendorId} <> all (array(select sv.id from vendor_cards sv where sv.suspended_at is not null))`;
/** Every public list, search and page reads only these. */
const shown = and(live, sellerListed)!;

const categoryIs = (name: string): SQL => sql`lower(${products.category}) = lower(${name})`;

/** The text the search index covers (products_search_gist_idx): name, brand and category. */
const searchable = sql`lower(${products.name} || ' ' || coalesce(${products.brand}, '') || ' ' || ${products.category})`;

export type ProductPosition = { pricePaise: number; id: string } | { offset: number };

export interface ProductQuery {
  /** Exactly this category (the term named one), or null for a search. */
  category: string | null;
  /** For a search: the term, matched by word similarity over name, brand and category (typos tolerated). */
  term: string;
  maxPrice?: number | undefined;
  locations: string[];
  sort: 'relevance' | 'price_asc' | 'price_desc' | 'popular';
  limit: number;
  after?: ProductPosition | undefined;
}

const isSearch = (q: ProductQuery) => q.category === null && q.term !== '';

/** The price and location filters. */
function filters(q: ProductQuery): SQL[] {
  const where: SQL[] = [shown];
  // maxPrice is rupees; a bound finer than a paisa (a client may send 55.755) compares as the paisa below it.
  if (q.maxPrice !== undefined) where.push(sql`${products.pricePaise} <= ${paiseAtMost(q.maxPrice)}`);
  if (q.locations.length > 0) where.push(sql`${products.location} in (${sql.join(q.locations.map((l) => sql`${l}`), sql`, `)})`);
  return where;
}

/**
 * What the embedded engine's search index (search-index.ts) found for a search's term: the ids of the shown
 * products that `%>` matches, standing in for the operator in price and popularity orders.
 */
export interface FoundInMemory { matching: string[] }

/** One uuid[] parameter (ids are the index's own, read from products.id). */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function matches(q: ProductQuery, found?: FoundInMemory): SQL {
  const where = filters(q);
  if (q.category !== null) where.unshift(categoryIs(q.category));
  else if (q.term !== '' && found) where.unshift(sql`${products.id} = any(${uuidArray(found.matching)})`);
  // `%>`: the term's word similarity to the text is above pg_trgm.word_similarity_threshold (set per connection).
  else if (q.term !== '') where.unshift(sql`${searchable} %> ${q.term}`);
  return sql.join(where, sql` and `);
}

/**
 * The catalogue word each search word stands for: itself when the catalogue has it, else a word it begins
 * (typing in progress), else the most similar word (pg_trgm similarity above its threshold, 0.3), else null;
 * of equally good words the first in byte order (so both engines and the in-memory index choose the same).
 * One statement over search_words, a table of a few thousand words with a trigram index.
 */
export async function catalogueWords(db: Db, words: string[]): Promise<(string | null)[]> {
  if (words.length === 0) return [];
  const asked = sql.join(words.map((w) => sql`${w}`), sql`, `);
  const result = await db.execute(sql`
    select coalesce(
      (select ${searchWords.word} from ${searchWords} where ${searchWords.word} = q.w),
      (select ${searchWords.word} from ${searchWords} where ${searchWords.word} % q.w or ${searchWords.word} like q.w || '%'
        order by ${searchWords.word} like q.w || '%' desc, ${searchWords.word} <-> q.w, ${searchWords.word} collate "C" limit 1)
    ) as word
    from unnest(array[${asked}]::text[]) with ordinality as q(w, ord)
    order by q.ord`) as unknown as { rows: { word: string | null }[] };
  return result.rows.map((r) => r.word);
}

/** Nearest first: `text <->> term` is 1 − word_similarity(term, text), which the GiST index orders by directly ("k nearest"). */
const distance = (q: ProductQuery) => sql`${searchable} <->> ${q.term}`;
/** The farthest a match may be: 1 − the connection's pg_trgm.word_similarity_threshold (db/client.ts). */
const MATCH_DISTANCE = sql`1 - current_setting('pg_trgm.word_similarity_threshold')::real`;

/**
 * The `n` products nearest the term within the filters: the GiST index walked nearest first and stopped after
 * `n`, whatever their distance, ranked in the walk's order (the same for every page, ties included). Filtering by `%>` instead lets the planner choose a bitmap scan of every match,
 * which reads thousands of index pages for a word of a few thousand products; the walk reads what the page needs.
 */
const nearest = (q: ProductQuery, n: number) => sql`(select id, d, row_number() over () as rank from (
  select ${products.id} as id, ${distance(q)} as d from ${products}
  where ${sql.join(filters(q), sql` and `)} order by ${distance(q)} limit ${n}) as walk) as near`;

/**
 * One page of products: filters and order in SQL, so the cost follows the page, not the table. Price orders
 * page by keyset (price, id) on products_category_keyset_idx; relevance walks the GiST index nearest first
 * and pages by offset. Reads one extra row to tell whether another page follows.
 */
export async function listProducts(db: Db, q: ProductQuery, found?: FoundInMemory): Promise<ListedRow[]> {
  const after = q.after;
  if (q.sort === 'relevance' && isSearch(q)) {
    const offset = after && 'offset' in after ? after.offset : 0;
    return selectListed(db)
      .innerJoin(nearest(q, offset + q.limit + 1), sql`near.id = ${products.id}`)
      .where(sql`near.d <= ${MATCH_DISTANCE}`)
      .orderBy(sql`near.rank`)
      .limit(q.limit + 1)
      .offset(offset);
  }
  if (q.sort === 'popular') {
    // Views move all the time, so a keyset would skip or repeat rows: pages go by offset, like relevance.
    return selectListed(db).leftJoin(productViews, eq(productViews.productId, products.id)).where(matches(q, found))
      .orderBy(sql`coalesce(${productViews.views}, 0) desc`, asc(products.pricePaise), asc(products.id))
      .limit(q.limit + 1).offset(after && 'offset' in after ? after.offset : 0);
  }
  const where = [matches(q, found)];
  if (after && 'pricePaise' in after) {
    where.push(q.sort === 'price_desc'
      ? sql`(${products.pricePaise}, ${products.id}) < (${after.pricePaise}, ${after.id})`
      : sql`(${products.pricePaise}, ${products.id}) > (${after.pricePaise}, ${after.id})`);
  }
  const order = q.sort === 'price_desc' ? [desc(products.pricePaise), desc(products.id)] : [asc(products.pricePaise), asc(products.id)];
  const query = selectListed(db).where(sql.join(where, sql` and `)).orderBy(...order).limit(q.limit + 1);
  return after && 'offset' in after ? query.offset(after.offset) : query;
}

/** How many products match, counted up to `cap` (a search walks its index nearest first and stops there). */
export async function countProducts(db: Db, q: ProductQuery, cap: number): Promise<number> {
  const inner = isSearch(q)
    ? sql`select 1 from ${nearest(q, cap + 1)} where near.d <= ${MATCH_DISTANCE}`
    : sql`select 1 from ${products} where ${matches(q)} limit ${cap + 1}`;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(${inner}) as matching`);
  return row?.n ?? 0;
}

const productById = preparedPerDb((db) =>
  selectProducts(db).where(and(eq(products.id, sql.placeholder('id')), shown)).prepare('catalogue_product_by_id'));

export async function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  const [row] = await productById(db).execute({ id });
  return row;
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, id), shown));
  return row !== undefined;
}

export async function listRelatedProducts(db: Db, category: string, excludeId: string | undefined, limit: number) {
  const where = excludeId ? and(categoryIs(category), ne(products.id, excludeId), shown) : and(categoryIs(category), shown);
  return selectProducts(db)
    .where(where)
    .orderBy(sql`${ratingAverage} desc nulls last`, asc(products.pricePaise), asc(products.id))
    .limit(limit);
}

/**
 * `listRelatedProducts` for a product named by id, its category read in the same statement (an init plan), so a
 * product page reads the related products beside the product instead of after it. Empty for an unknown id.
 */
const relatedToProduct = preparedPerDb((db) => {
  const id = sql.placeholder('id');
  const category = sql`(select lower(${products.category}) from ${products} where ${products.id} = ${id})`;
  return selectProducts(db)
    .where(and(sql`lower(${products.category}) = ${category}`, ne(products.id, id), shown))
    .orderBy(sql`${ratingAverage} desc nulls last`, asc(products.pricePaise), asc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('catalogue_related_to_product');
});

export async function listRelatedToProduct(db: Db, productId: string, limit: number) {
  return relatedToProduct(db).execute({ id: productId, limit });
}

export async function listProductsOfVendor(db: Db, vendorId: string) {
  return selectProducts(db).where(and(eq(products.vendorId, vendorId), shown)).orderBy(asc(products.category), asc(products.pricePaise), asc(products.id));
}

/** Every product id of a vendor, deleted ones included (their pages are cached answers to evict too). */
export async function productIdsOfVendor(db: Db, vendorId: string): Promise<string[]> {
  return (await db.select({ id: products.id }).from(products).where(eq(products.vendorId, vendorId))).map((r) => r.id);
}

// Cart, orders and reviews reach products through the catalogue service.

const productForSale = {
  id: products.id, name: products.name, pricePaise: products.pricePaise, images: products.images, category: products.category,
  unit: products.unit, stock: products.stock, vendorId: products.vendorId, vendorName: vendorCards.businessName,
  hsn: products.hsn, gstRatePercent: products.gstRatePercent, weightKg: products.weightKg, volumeM3: products.volumeM3,
  onSale: sql<boolean>`${products.deletedAt} is null and ${vendorCards.suspendedAt} is null`,
};
/** `onSale` is false once its seller deleted it or was suspended: a cart still shows it, an order refuses it. */
export type ProductForSale = {
  id: string; name: string; pricePaise: number; images: string[]; category: string; unit: string; stock: number; vendorId: string; vendorName: string;
  hsn: string | null; gstRatePercent: number | null; weightKg: number | null; volumeM3: number | null; onSale: boolean;
  /** Its quantity prices, in quantity order (`unitPricePaise` applies them). */
  quantityBreaks: QuantityBreak[];
};

/** Each product's quantity prices, in quantity order (a product without any is absent). */
export async function quantityBreaksOf(db: Db | Tx, ids: string[]): Promise<Map<string, QuantityBreak[]>> {
  const byProduct = new Map<string, QuantityBreak[]>();
  if (ids.length === 0) return byProduct;
  const rows = await db.select().from(productQuantityBreaks).where(inArray(productQuantityBreaks.productId, ids))
    .orderBy(asc(productQuantityBreaks.productId), asc(productQuantityBreaks.minQuantity));
  for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), { minQuantity: r.minQuantity, pricePaise: r.pricePaise }]);
  return byProduct;
}

async function withQuantityBreaks<T extends { id: string }>(db: Db | Tx, rows: T[]): Promise<(T & { quantityBreaks: QuantityBreak[] })[]> {
  const breaks = await quantityBreaksOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, quantityBreaks: breaks.get(r.id) ?? [] }));
}

export async function findProductsForSale(db: Db | Tx, ids: string[]): Promise<ProductForSale[]> {
  if (ids.length === 0) return [];
  return withQuantityBreaks(db, await db.select(productForSale).from(products).innerJoin(vendorCards, eq(vendorCards.id, products.vendorId)).where(inArray(products.id, ids)));
}

/**
 * Requests for quotes (issue 35): the live products of `category` (any case) of these vendors, cheapest first, for
 * routing (who sells it) and for the product a quote's item is sold as.
 */
export async function liveProductsOfVendorsInCategory(db: Db | Tx, vendorIds: string[], category: string): Promise<ProductForSale[]> {
  if (vendorIds.length === 0) return [];
  return withQuantityBreaks(db, await db.select(productForSale).from(products).innerJoin(vendorCards, eq(vendorCards.id, products.vendorId))
    .where(and(inArray(products.vendorId, vendorIds), sql`lower(${products.category}) = lower(${category})`, isNull(products.deletedAt), isNull(vendorCards.suspendedAt)))
    .orderBy(asc(products.pricePaise), asc(products.id)));
}

/**
 * The products of an order, locked until the order's transaction ends (stock is taken from them). Their quantity
 * prices are read after the lock, in a statement of their own: a seller's change holds the same row lock, so the
 * order sees its prices either all before or all after it.
 */
export async function lockProductsForSale(tx: Tx, ids: string[]): Promise<ProductForSale[]> {
  if (ids.length === 0) return [];
  const locked = await tx.select(productForSale).from(products).innerJoin(vendorCards, eq(vendorCards.id, products.vendorId))
    .where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update', { of: products });
  return withQuantityBreaks(tx, locked);
}

/** Takes `quantity` from stock if that many are left; false (and nothing changed) otherwise. */
export async function takeStock(tx: Tx, id: string, quantity: number): Promise<boolean> {
  const rows = await tx.update(products).set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, id), sql`${products.stock} >= ${quantity}`)).returning({ id: products.id });
  return rows.length > 0;
}

export async function returnStock(tx: Tx, id: string, quantity: number) {
  await tx.update(products).set({ stock: sql`${products.stock} + ${quantity}` }).where(eq(products.id, id));
}

// The stored rating sum and count: the reviews module keeps them with each review write, in its transaction.

/** Locks the product's row until the transaction ends, so racing review writes of one product apply one after another. */
export async function lockProductForRating(tx: Tx, id: string): Promise<boolean> {
  const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return locked !== undefined;
}

/** Adds to the product's stored rating sum and count (negative to take a review out) and answers the new ones. */
export async function addToProductRating(tx: Tx, id: string, change: { sum: number; count: number }) {
  const [sums] = await tx.update(products).set({
    ratingSum: sql`${products.ratingSum} + ${change.sum}`,
    ratingCount: sql`${products.ratingCount} + ${change.count}`,
  }).where(eq(products.id, id)).returning({ sum: products.ratingSum, count: products.ratingCount });
  return sums!;
}

// The vendor portal: a seller's own products (vendor-products module, through the catalogue service).

export type NewProduct = typeof products.$inferInsert;
export type ProductChanges = Partial<Pick<NewProduct, 'name' | 'brand' | 'category' | 'description' | 'pricePaise' | 'mrpPaise' | 'unit' | 'images' | 'location' | 'tag' | 'stock' | 'hsn' | 'gstRatePercent' | 'weightKg' | 'volumeM3' | 'updatedAt'>>;

/** A vendor's live products, newest first (products_vendor_live_idx). */
export async function listOwnProducts(db: Db, vendorId: string) {
  return selectProducts(db).where(and(eq(products.vendorId, vendorId), live)).orderBy(desc(products.createdAt), desc(products.id));
}

export async function findOwnProduct(db: Db, vendorId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(and(eq(products.id, id), eq(products.vendorId, vendorId), live));
  return row;
}

export async function insertProduct(db: Db | Tx, values: NewProduct): Promise<string> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

/**
 * A vendor's own live product's category, tax choice and price, locked until the transaction ends (a change checks
 * them: the tax against the category, the quantity prices against the price).
 */
export async function lockOwnProduct(tx: Tx, vendorId: string, id: string) {
  const [row] = await tx.select({ category: products.category, hsn: products.hsn, gstRatePercent: products.gstRatePercent, pricePaise: products.pricePaise })
    .from(products).where(and(eq(products.id, id), eq(products.vendorId, vendorId), live)).for('update');
  return row;
}

/** Replaces a product's quantity prices, inside the caller's transaction (which holds the product's row lock). */
export async function replaceQuantityBreaks(tx: Tx, productId: string, breaks: QuantityBreak[]) {
  await tx.delete(productQuantityBreaks).where(eq(productQuantityBreaks.productId, productId));
  if (breaks.length > 0) await tx.insert(productQuantityBreaks).values(breaks.map((b) => ({ productId, ...b })));
}

/** Changes a vendor's own live product in one statement; false when there is none (another vendor's, or deleted). */
export async function updateOwnProduct(db: Db | Tx, vendorId: string, id: string, changes: ProductChanges): Promise<boolean> {
  const set = Object.keys(changes).length > 0 ? changes : { id };
  const rows = await db.update(products).set(set).where(and(eq(products.id, id), eq(products.vendorId, vendorId), live)).returning({ id: products.id });
  return rows.length > 0;
}

export async function softDeleteOwnProduct(db: Db, vendorId: string, id: string): Promise<boolean> {
  const rows = await db.update(products).set({ deletedAt: sql`now()` })
    .where(and(eq(products.id, id), eq(products.vendorId, vendorId), live)).returning({ id: products.id });
  return rows.length > 0;
}

/** A timestamp as the sitemap writes it (W3C datetime, UTC). */
const w3c = (column: SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const productChanged = sql`coalesce(${products.updatedAt}, ${products.createdAt})`;

/**
 * The sitemap's next chunk of shown products after `after` in id order (the primary key's index), at most `size`:
 * its last id and newest change. Null past the end.
 */
export async function sitemapProductChunk(db: Db, after: string, size: number): Promise<{ through: string; lastmod: string } | null> {
  const result = await db.execute(sql`
    with chunk as (select ${products.id} as id, ${productChanged} as at from ${products} where ${shown} and ${products.id} > ${after} order by ${products.id} limit ${size})
    select (select id from chunk order by id desc limit 1)::text as through, ${w3c(sql`(select max(at) from chunk)`)} as lastmod`);
  const row = (result as unknown as { rows: { through: string | null; lastmod: string | null }[] }).rows[0];
  return row?.through && row.lastmod ? { through: row.through, lastmod: row.lastmod } : null;
}

/** Shown products with `after < id <= through`, in id order, `limit` at a time (keyset: pass the last id as `after`). */
export async function sitemapProducts(db: Db, after: string, through: string, limit: number) {
  return db
    .select({ id: products.id, lastmod: w3c(productChanged) })
    .from(products)
    .where(and(shown, sql`${products.id} > ${after}`, sql`${products.id} <= ${through}`))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The shown products among `ids` (any order; the caller orders them). */
export async function shownProductsByIds(db: Db, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return selectProducts(db).where(and(inArray(products.id, ids), shown));
}

/**
 * Counts one view of a shown product in one statement (the upsert adds 1 to the stored count, so racing views all
 * count), and answers the new count; null when no shown product has the id.
 */
export async function countView(db: Db, productId: string): Promise<number | null> {
  const result = await db.execute(sql`insert into ${productViews} (product_id, views)
    select ${products.id}, 1 from ${products} where ${products.id} = ${productId} and ${shown}
    on conflict (product_id) do update set views = ${productViews.views} + 1
    returning views`) as unknown as { rows: { views: number }[] };
  return result.rows[0]?.views ?? null;
}

/** A shown product's stored views (0 before its first), or null when no shown product has the id. */
export async function viewsOf(db: Db, productId: string): Promise<number | null> {
  const [row] = await db.select({ views: sql<number>`coalesce(${productViews.views}, 0)::int` }).from(products)
    .leftJoin(productViews, eq(productViews.productId, products.id)).where(and(eq(products.id, productId), shown));
  return row?.views ?? null;
}

/** A vendor's product views: the total over its live products, and its `top` most viewed. */
export async function vendorProductViews(db: Db, vendorId: string, top: number) {
  const mine = and(eq(products.vendorId, vendorId), live);
  const [total] = await db.select({ n: sql<number>`coalesce(sum(${productViews.views}), 0)::int` }).from(productViews)
    .innerJoin(products, eq(products.id, productViews.productId)).where(mine);
  const most = await db.select({ id: products.id, name: products.name, views: productViews.views }).from(productViews)
    .innerJoin(products, eq(products.id, productViews.productId)).where(and(mine, sql`${productViews.views} > 0`))
    .orderBy(desc(productViews.views), asc(products.id)).limit(top);
  return { total: total?.n ?? 0, top: most };
}

// The embedded engine's search index (search-index.ts) is built from these reads.

/** Every shown product as a list shows it, with its search text. */
export async function shownListedWithText(db: Db): Promise<(ListedRow & { text: string })[]> {
  return db.select({ ...listedFields, text: sql<string>`${searchable}` }).from(products)
    .innerJoin(vendorCards, eq(vendorCards.id, products.vendorId)).where(shown);
}

/** How many products are shown, counted up to `cap` + 1. */
export async function countShownProducts(db: Db, cap: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(select 1 from ${products} where ${shown} limit ${cap + 1}) as shown_products`);
  return row?.n ?? 0;
}

export async function allSearchWords(db: Db): Promise<string[]> {
  return (await db.select({ word: searchWords.word }).from(searchWords)).map((r) => r.word);
}

/** For each character: whether pg_trgm counts it in a word (it has trigrams alone) and its lower case, as the database says. */
export async function trigramCharacters(db: Db, chars: string[]): Promise<{ ch: string; isWordChar: boolean; lower: string }[]> {
  if (chars.length === 0) return [];
  const result = await db.execute(sql`select c as ch, cardinality(show_trgm(c)) > 0 as "isWordChar", lower(c) as lower
    from json_array_elements_text(${JSON.stringify(chars)}::json) as c`) as unknown as { rows: { ch: string; isWordChar: boolean; lower: string }[] };
  return result.rows;
}
