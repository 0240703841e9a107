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

/**
 * The header search and the category pages share `/fetch?category=`: a category name matches
 * its products; any other term matches product names and brands (trigram-indexed).
 */
export async function searchProducts(db: Db, term: string, limit: number): Promise<ProductRow[]> {
  if (term === '') {
    return selectProducts(db).orderBy(desc(products.createdAt), asc(products.id)).limit(limit);
  }
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const nameMatch = sql`lower(${products.name} || ' ' || coalesce(${products.brand}, '')) like ${pattern}`;
  return selectProducts(db)
    .where(sql`(${categoryIs(term)} or ${nameMatch})`)
    .orderBy(sql`case when ${categoryIs(term)} then 0 else 1 end`, asc(products.price), asc(products.id))
    .limit(limit);
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
