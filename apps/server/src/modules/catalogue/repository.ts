import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productReviews, products, vendors } from '../../db/schema.ts';

/** The stored rating average (kept with each review write), null without reviews. */
const ratingAverage = sql<string | null>`case when ${products.ratingCount} > 0 then ${products.ratingSum}::numeric / ${products.ratingCount} end`;

function selectProducts(db: Db) {
  return db
    .select({
      product: products,
      vendor: {
        id: vendors.id,
        businessName: vendors.businessName,
        city: vendors.city,
        businessAddress: vendors.businessAddress,
        profileImage: vendors.profileImage,
      },
      reviewAverage: ratingAverage,
      reviewCount: products.ratingCount,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

const categoryIs = (name: string): SQL => sql`lower(${products.category}) = lower(${name})`;

/** The text the trigram index covers (products_search_idx): name and brand. */
const searchable = sql`lower(${products.name} || ' ' || coalesce(${products.brand}, ''))`;
const escapeLike = (term: string) => term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

export type ProductPosition = { price: number; id: string } | { offset: number };

export interface ProductQuery {
  /** Exactly this category (the term named one), or null for a search. */
  category: string | null;
  /** For a search: the term, matched by substring or by word similarity (typos), and categories near it. */
  term: string;
  nearCategories: { name: string; score: number }[];
  maxPrice?: number | undefined;
  locations: string[];
  sort: 'relevance' | 'price_asc' | 'price_desc';
  limit: number;
  after?: ProductPosition | undefined;
}

/** A search's score: 1 for a substring of name or brand, else the word similarity, or the category's nearness. */
function relevance(q: ProductQuery): SQL {
  const pattern = `%${escapeLike(q.term)}%`;
  const near = q.nearCategories.length > 0
    ? sql`case lower(${products.category}) ${sql.join(q.nearCategories.map((c) => sql`when ${c.name.toLowerCase()} then ${c.score}::real`), sql` `)} else 0 end`
    : sql`0`;
  return sql`greatest(case when ${searchable} like ${pattern} then 1 else word_similarity(${q.term}, ${searchable}) end, ${near})`;
}

function matches(q: ProductQuery): SQL {
  const where: SQL[] = [];
  if (q.category !== null) {
    where.push(categoryIs(q.category));
  } else if (q.term !== '') {
    const pattern = `%${escapeLike(q.term)}%`;
    // `<%` is word similarity above pg_trgm.word_similarity_threshold (set per connection): typos still find.
    const anyOf = [sql`${searchable} like ${pattern}`, sql`${q.term} <% ${searchable}`];
    if (q.nearCategories.length > 0) {
      anyOf.push(sql`lower(${products.category}) in (${sql.join(q.nearCategories.map((c) => sql`${c.name.toLowerCase()}`), sql`, `)})`);
    }
    where.push(sql`(${sql.join(anyOf, sql` or `)})`);
  }
  if (q.maxPrice !== undefined) where.push(sql`${products.price} <= ${q.maxPrice}`);
  if (q.locations.length > 0) where.push(sql`${products.location} in (${sql.join(q.locations.map((l) => sql`${l}`), sql`, `)})`);
  return where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
}

/**
 * One page of products: filters and order in SQL, so the cost follows the page, not the table. Price orders
 * page by keyset (price, id); relevance by offset (search pages are few). Reads one extra row to tell
 * whether another page follows.
 */
export async function listProducts(db: Db, q: ProductQuery): Promise<ProductRow[]> {
  const where = [matches(q)];
  const after = q.after;
  if (after && 'price' in after) {
    where.push(q.sort === 'price_desc'
      ? sql`(${products.price} < ${after.price} or (${products.price} = ${after.price} and ${products.id} > ${after.id}))`
      : sql`(${products.price} > ${after.price} or (${products.price} = ${after.price} and ${products.id} > ${after.id}))`);
  }
  const order = q.sort === 'relevance'
    ? [sql`${relevance(q)} desc`, asc(products.price), asc(products.id)]
    : [q.sort === 'price_desc' ? desc(products.price) : asc(products.price), asc(products.id)];
  const query = selectProducts(db).where(sql.join(where, sql` and `)).orderBy(...order).limit(q.limit + 1);
  return after && 'offset' in after ? query.offset(after.offset) : query;
}

/** How many products match, counted up to `cap`. */
export async function countProducts(db: Db, q: ProductQuery, cap: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` })
    .from(sql`(select 1 from ${products} where ${matches(q)} limit ${cap + 1}) as matching`);
  return row?.n ?? 0;
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  return row;
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export async function listRelatedProducts(db: Db, category: string, excludeId: string | undefined, limit: number) {
  const where = excludeId ? and(categoryIs(category), ne(products.id, excludeId)) : categoryIs(category);
  return selectProducts(db)
    .where(where)
    .orderBy(sql`${ratingAverage} desc nulls last`, asc(products.price), asc(products.id))
    .limit(limit);
}

export async function listProductsOfVendor(db: Db, vendorId: string) {
  return selectProducts(db).where(eq(products.vendorId, vendorId)).orderBy(asc(products.category), asc(products.price), asc(products.id));
}

export async function listProductReviews(db: Db, productId: string) {
  return db
    .select()
    .from(productReviews)
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.createdAt), asc(productReviews.id));
}
