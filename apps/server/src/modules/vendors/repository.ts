import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projects, vendorReviews, vendors } from '../../db/schema.ts';

/** The stored rating average (kept with each review write), null without reviews. */
const ratingAverage = sql<string | null>`case when ${vendors.ratingCount} > 0 then ${vendors.ratingSum}::numeric / ${vendors.ratingCount} end`;

function selectVendors(db: Db) {
  return db.select({ vendor: vendors, reviewAverage: ratingAverage, reviewCount: vendors.ratingCount }).from(vendors);
}

export type VendorRow = Awaited<ReturnType<ReturnType<typeof selectVendors>['execute']>>[number];

export interface ProfessionalQuery {
  term: string;
  text?: string | undefined;
  subCategory?: string | undefined;
  band?: 'low' | 'medium' | 'high' | undefined;
  city?: string | undefined;
}

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const hasSub = (value: string) => sql`exists (select 1 from unnest(${vendors.subCategories}) s where lower(s) = lower(${value}))`;

/** Professionals whose trade is the term, or who list it as a sub-category, or whose name has it; then the filters. */
function professionalsWhere(q: ProfessionalQuery) {
  const where = [sql`${vendors.kind} = 'professional'`];
  if (q.term !== '') {
    where.push(sql`(lower(${vendors.category}) = lower(${q.term}) or ${hasSub(q.term)} or lower(${vendors.businessName}) like ${likePattern(q.term)})`);
  }
  if (q.text) {
    const p = likePattern(q.text);
    where.push(sql`(lower(${vendors.businessName}) like ${p} or lower(${vendors.ownerName}) like ${p} or lower(${vendors.description}) like ${p}
      or exists (select 1 from unnest(${vendors.subCategories}) s where lower(s) like ${p}))`);
  }
  if (q.subCategory && q.subCategory.toLowerCase() !== 'all') where.push(sql`(${hasSub(q.subCategory)} or lower(${vendors.category}) = lower(${q.subCategory}))`);
  if (q.band === 'low') where.push(sql`${vendors.chargeAmount} < 500`);
  if (q.band === 'medium') where.push(sql`${vendors.chargeAmount} between 500 and 1500`);
  if (q.band === 'high') where.push(sql`${vendors.chargeAmount} > 1500`);
  if (q.city) where.push(sql`lower(${vendors.city}) = lower(${q.city})`);
  return sql.join(where, sql` and `);
}

/** A page of professionals, the trade's own first, then by name. */
export async function searchProfessionals(db: Db, q: ProfessionalQuery, page: { limit: number; offset: number }): Promise<VendorRow[]> {
  // The trade's own first; with no term there is nothing to rank by (a bare 0 would be read as a column number).
  const order = q.term === ''
    ? [asc(vendors.businessName), asc(vendors.id)]
    : [sql`case when lower(${vendors.category}) = lower(${q.term}) then 0 when ${hasSub(q.term)} then 1 else 2 end`, asc(vendors.businessName), asc(vendors.id)];
  return selectVendors(db)
    .where(professionalsWhere(q))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countProfessionals(db: Db, q: ProfessionalQuery): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vendors).where(professionalsWhere(q));
  return row?.n ?? 0;
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

/** One review per customer per vendor, with the vendor's stored sum and count; the vendor row is locked first. */
export async function upsertVendorReview(tx: Tx, review: { vendorId: string; customerId: string; customerName: string; rating: number; comment: string }) {
  const [locked] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, review.vendorId)).for('update');
  if (!locked) return undefined;
  const [before] = await tx.select({ rating: vendorReviews.rating }).from(vendorReviews)
    .where(and(eq(vendorReviews.vendorId, review.vendorId), eq(vendorReviews.customerId, review.customerId)));
  const [saved] = await tx.insert(vendorReviews).values(review)
    .onConflictDoUpdate({
      target: [vendorReviews.vendorId, vendorReviews.customerId],
      targetWhere: sql`${vendorReviews.customerId} is not null`,
      set: { rating: review.rating, comment: review.comment, customerName: review.customerName, createdAt: sql`now()` },
    })
    .returning();
  const [sums] = await tx.update(vendors).set({
    ratingSum: sql`${vendors.ratingSum} + ${review.rating - (before?.rating ?? 0)}`,
    ratingCount: sql`${vendors.ratingCount} + ${before ? 0 : 1}`,
  }).where(eq(vendors.id, review.vendorId)).returning({ sum: vendors.ratingSum, count: vendors.ratingCount });
  return { review: saved!, sum: sums!.sum, count: sums!.count };
}

export async function findVendorNames(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: vendors.id, businessName: vendors.businessName }).from(vendors).where(inArray(vendors.id, ids));
}

export async function findVendorContacts(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: vendors.id, email: vendors.email, ownerName: vendors.ownerName, businessName: vendors.businessName })
    .from(vendors).where(inArray(vendors.id, ids));
}
