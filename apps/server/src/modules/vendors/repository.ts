import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, vendorReviews, vendors } from '../../db/schema.ts';

/** The stored rating average (kept with each review write), null without reviews. */
const ratingAverage = sql<string | null>`case when ${vendors.ratingCount} > 0 then ${vendors.ratingSum}::numeric / ${vendors.ratingCount} end`;

function selectVendors(db: Db) {
  return db.select({ vendor: vendors, reviewAverage: ratingAverage, reviewCount: vendors.ratingCount }).from(vendors);
}

export type VendorRow = Awaited<ReturnType<ReturnType<typeof selectVendors>['execute']>>[number];

/** Professionals whose trade is the term, or who list it as a sub-category, or whose name has it. */
export async function searchProfessionals(db: Db, term: string): Promise<VendorRow[]> {
  const base = selectVendors(db);
  const kind = sql`${vendors.kind} = 'professional'`;
  if (term === '') return base.where(kind).orderBy(asc(vendors.businessName));
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const trade = sql`lower(${vendors.category}) = lower(${term})`;
  const sub = sql`exists (select 1 from unnest(${vendors.subCategories}) s where lower(s) = lower(${term}))`;
  const name = sql`lower(${vendors.businessName}) like ${pattern}`;
  return base
    .where(sql`${kind} and (${trade} or ${sub} or ${name})`)
    .orderBy(sql`case when ${trade} then 0 when ${sub} then 1 else 2 end`, asc(vendors.businessName), asc(vendors.id));
}

export async function findVendor(db: Db, id: string): Promise<VendorRow | undefined> {
  const [row] = await selectVendors(db).where(eq(vendors.id, id));
  return row;
}

export async function vendorExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id));
  return row !== undefined;
}

export async function listProjects(db: Db, vendorId: string) {
  return db.select().from(projects).where(eq(projects.vendorId, vendorId)).orderBy(desc(projects.createdAt), asc(projects.id));
}

export async function listVendorReviews(db: Db, vendorId: string) {
  return db
    .select()
    .from(vendorReviews)
    .where(eq(vendorReviews.vendorId, vendorId))
    .orderBy(desc(vendorReviews.createdAt), asc(vendorReviews.id));
}
