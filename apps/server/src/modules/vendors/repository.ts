import { rupeesToPaise } from '@nirmaan/shared/money';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projects, vendors } from '../../db/schema/vendors.ts';
import type { Locale } from '@nirmaan/shared/i18n';

/**
 * Who the public may see: approved by an operator and not suspended. Every public read of a vendor goes
 * through this, so a suspension hides the vendor from every list, page and search at once.
 */
const listed = and(isNotNull(vendors.approvedAt), isNull(vendors.suspendedAt))!;

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
  const where = [sql`${vendors.kind} = 'professional'`, listed];
  if (q.term !== '') {
    where.push(sql`(lower(${vendors.category}) = lower(${q.term}) or ${hasSub(q.term)} or lower(${vendors.businessName}) like ${likePattern(q.term)})`);
  }
  if (q.text) {
    const p = likePattern(q.text);
    where.push(sql`(lower(${vendors.businessName}) like ${p} or lower(${vendors.ownerName}) like ${p} or lower(${vendors.description}) like ${p}
      or exists (select 1 from unnest(${vendors.subCategories}) s where lower(s) like ${p}))`);
  }
  if (q.subCategory && q.subCategory.toLowerCase() !== 'all') where.push(sql`(${hasSub(q.subCategory)} or lower(${vendors.category}) = lower(${q.subCategory}))`);
  // The bands are ₹500 and ₹1,500, compared in the column's paise.
  const [low, high] = [rupeesToPaise(500), rupeesToPaise(1500)];
  if (q.band === 'low') where.push(sql`${vendors.chargeAmountPaise} < ${low}`);
  if (q.band === 'medium') where.push(sql`${vendors.chargeAmountPaise} between ${low} and ${high}`);
  if (q.band === 'high') where.push(sql`${vendors.chargeAmountPaise} > ${high}`);
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

/** Any vendor account, approved or not (the vendor's own calls). */
export async function findVendor(db: Db, id: string): Promise<VendorRow | undefined> {
  const [row] = await selectVendors(db).where(eq(vendors.id, id));
  return row;
}

/** A vendor the public may see: approved (a signup waits for an operator) and not suspended. */
export async function findPublicVendor(db: Db, id: string): Promise<VendorRow | undefined> {
  const [row] = await selectVendors(db).where(and(eq(vendors.id, id), listed));
  return row;
}

export async function publicVendorExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.id, id), listed));
  return row !== undefined;
}

/** When the work was done: the vendor's date, else when the project was added. Newest first. */
const projectWhen = sql`coalesce(${projects.projectDate}::timestamptz, ${projects.createdAt})`;

export async function listProjects(db: Db, vendorId: string) {
  return db.select().from(projects).where(eq(projects.vendorId, vendorId)).orderBy(desc(projectWhen), desc(projects.createdAt), asc(projects.id));
}

// The stored rating sum and count: the reviews module keeps them with each review write, in its transaction.

/**
 * Locks the vendor's row until the transaction ends, so racing review writes of one vendor apply one after another;
 * `listedOnly`: false (and nothing locked) for a vendor the public may not see.
 */
export async function lockVendorForRating(tx: Tx, id: string, listedOnly: boolean): Promise<boolean> {
  const [locked] = await tx.select({ id: vendors.id }).from(vendors).where(listedOnly ? and(eq(vendors.id, id), listed) : eq(vendors.id, id)).for('update');
  return locked !== undefined;
}

/** Adds to the vendor's stored rating sum and count (negative to take a review out) and answers the new ones. */
export async function addToVendorRating(tx: Tx, id: string, change: { sum: number; count: number }) {
  const [sums] = await tx.update(vendors).set({
    ratingSum: sql`${vendors.ratingSum} + ${change.sum}`,
    ratingCount: sql`${vendors.ratingCount} + ${change.count}`,
  }).where(eq(vendors.id, id)).returning({ sum: vendors.ratingSum, count: vendors.ratingCount });
  return sums!;
}

export async function findVendorIdByEmail(db: Db | Tx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(sql`lower(${vendors.email}) = ${email.toLowerCase()}`);
  return row?.id;
}

/** A vendor account's login details by email (any state): the auth module checks the password and opens the session. */
export type VendorAccount = Pick<typeof vendors.$inferSelect, 'id' | 'kind' | 'ownerName' | 'businessName' | 'passwordHash'>;

export async function findVendorAccountByEmail(db: Db | Tx, email: string): Promise<VendorAccount | undefined> {
  const [row] = await db
    .select({ id: vendors.id, kind: vendors.kind, ownerName: vendors.ownerName, businessName: vendors.businessName, passwordHash: vendors.passwordHash })
    .from(vendors)
    .where(sql`lower(${vendors.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findVendorNames(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: vendors.id, businessName: vendors.businessName }).from(vendors).where(inArray(vendors.id, ids));
}

/** The public face of vendors by id (any state): what a chat shows of its partner. */
export async function findVendorFaces(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: vendors.id, businessName: vendors.businessName, ownerName: vendors.ownerName, profileImage: vendors.profileImage })
    .from(vendors).where(inArray(vendors.id, ids));
}

export async function findVendorContacts(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: vendors.id, email: vendors.email, ownerName: vendors.ownerName, businessName: vendors.businessName, language: vendors.language })
    .from(vendors).where(inArray(vendors.id, ids));
}

/**
 * Sellers' names and ratings by id, for requests for quotes (issue 35); `approvedOnly`: the approved sellers (not
 * rejected, not suspended) among them, the ones a request may go to.
 */
export async function findSellerCards(db: Db | Tx, ids: string[], approvedOnly: boolean) {
  if (ids.length === 0) return [];
  return db.select({ id: vendors.id, businessName: vendors.businessName, ratingSum: vendors.ratingSum, ratingCount: vendors.ratingCount })
    .from(vendors).where(and(inArray(vendors.id, ids), eq(vendors.kind, 'seller'),
      approvedOnly ? and(isNotNull(vendors.approvedAt), isNull(vendors.rejectedAt), isNull(vendors.suspendedAt)) : undefined));
}

/** The vendor's language (issue 33); `onlyIfUnset` never overwrites a choice (the cookie remembered at login). */
export async function setVendorLanguage(db: Db | Tx, id: string, language: Locale, onlyIfUnset = false) {
  const [row] = await db.update(vendors).set({ language })
    .where(onlyIfUnset ? and(eq(vendors.id, id), isNull(vendors.language)) : eq(vendors.id, id))
    .returning({ language: vendors.language });
  return row;
}

/** What the payment gateway's linked account needs of the vendor besides the payout account (decision record 018). */
export async function findPayoutContact(db: Db | Tx, id: string) {
  const [row] = await db.select({
    email: vendors.email, phone: vendors.phone, ownerName: vendors.ownerName, businessName: vendors.businessName,
    businessAddress: vendors.businessAddress, city: vendors.city, kind: vendors.kind,
  }).from(vendors).where(eq(vendors.id, id));
  return row;
}

/** What a tax invoice says of its supplier: names, registered address and trade (decision record 022). */
export async function findSupplierDetails(db: Db | Tx, id: string) {
  const [row] = await db.select({
    id: vendors.id, kind: vendors.kind, businessName: vendors.businessName, businessAddress: vendors.businessAddress, city: vendors.city, category: vendors.category,
  }).from(vendors).where(eq(vendors.id, id));
  return row;
}

// The vendor's own account

export type NewVendor = Omit<typeof vendors.$inferInsert, 'id' | 'approvedAt' | 'ratingSum' | 'ratingCount' | 'createdAt'>;

/** A signed-up vendor, unapproved (the column's default approves, for the seed): a taken email fails on the unique index. */
export async function insertVendorAccount(tx: Tx, values: NewVendor) {
  const [row] = await tx.insert(vendors).values({ ...values, approvedAt: null }).returning({ id: vendors.id });
  return row!;
}

// Operators' decisions (the ops module locks, changes and audits in one transaction)

const reviewState = {
  id: vendors.id, email: vendors.email, ownerName: vendors.ownerName, businessName: vendors.businessName,
  approvedAt: vendors.approvedAt, rejectedAt: vendors.rejectedAt, rejectionReason: vendors.rejectionReason, suspendedAt: vendors.suspendedAt,
  language: vendors.language,
};
export type VendorReviewState = { id: string; email: string; ownerName: string; businessName: string; approvedAt: Date | null; rejectedAt: Date | null; rejectionReason: string | null; suspendedAt: Date | null; language: Locale | null };

/** The vendor's review state, its row locked until the transaction ends: racing decisions take turns. */
export async function lockReviewState(tx: Tx, target: { id: string } | { email: string }): Promise<VendorReviewState | undefined> {
  const where = 'id' in target ? eq(vendors.id, target.id) : sql`lower(${vendors.email}) = ${target.email.toLowerCase()}`;
  const [row] = await tx.select(reviewState).from(vendors).where(where).for('update');
  return row;
}

export type ReviewChange = { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'suspend' } | { kind: 'unsuspend' } | { kind: 'resubmit' };

function changesFor(change: ReviewChange) {
  switch (change.kind) {
    case 'approve': return { approvedAt: sql`now()`, rejectedAt: null, rejectionReason: null };
    case 'reject': return { rejectedAt: sql`now()`, rejectionReason: change.reason };
    case 'suspend': return { suspendedAt: sql`now()` };
    case 'unsuspend': return { suspendedAt: null };
    case 'resubmit': return { rejectedAt: null };
  }
}

export async function changeReviewState(tx: Tx, id: string, change: ReviewChange): Promise<VendorReviewState> {
  const [row] = await tx.update(vendors).set(changesFor(change)).where(eq(vendors.id, id)).returning(reviewState);
  return row!;
}

export async function updateVendorProfile(db: Db, id: string, values: Partial<typeof vendors.$inferInsert>) {
  const [row] = await db.update(vendors).set(values).where(eq(vendors.id, id)).returning({ id: vendors.id });
  return row;
}

export type ProjectValues = Pick<typeof projects.$inferInsert, 'title' | 'category' | 'description' | 'image' | 'projectDate'>;

/**
 * Adds a project unless the vendor has `max` already. The vendor's row is locked first, so racing adds take
 * turns and never pass the limit. Undefined when full.
 */
export async function insertProjectWithin(tx: Tx, vendorId: string, values: ProjectValues, max: number) {
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('update');
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(projects).where(eq(projects.vendorId, vendorId));
  if ((count?.n ?? 0) >= max) return undefined;
  const [row] = await tx.insert(projects).values({ ...values, vendorId }).returning();
  return row;
}

export async function findProject(db: Db, vendorId: string, id: string) {
  const [row] = await db.select().from(projects).where(and(eq(projects.id, id), eq(projects.vendorId, vendorId)));
  return row;
}

export async function updateProject(db: Db, vendorId: string, id: string, values: ProjectValues) {
  const [row] = await db.update(projects).set(values).where(and(eq(projects.id, id), eq(projects.vendorId, vendorId))).returning();
  return row;
}

export async function deleteProject(db: Db, vendorId: string, id: string) {
  const [row] = await db.delete(projects).where(and(eq(projects.id, id), eq(projects.vendorId, vendorId))).returning({ id: projects.id });
  return row;
}

/** Ids of vendors whose business name, owner or email contains `text` (the console's order and booking filters). */
export async function findVendorIdsMatching(db: Db | Tx, text: string, limit: number) {
  const p = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.select({ id: vendors.id }).from(vendors)
    .where(sql`lower(${vendors.businessName}) like ${p} or lower(${vendors.ownerName}) like ${p} or lower(${vendors.email}) like ${p}`).limit(limit);
  return rows.map((r) => r.id);
}

const w3c = (column: ReturnType<typeof sql>) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const vendorChanged = sql`coalesce(${vendors.updatedAt}, ${vendors.createdAt})`;

/** Public vendors after `after` in id order, `limit` at a time (keyset), with their kind and last change. */
export async function sitemapVendors(db: Db, after: string, limit: number) {
  return db
    .select({ id: vendors.id, kind: vendors.kind, lastmod: w3c(vendorChanged) })
    .from(vendors)
    .where(and(listed, sql`${vendors.id} > ${after}`))
    .orderBy(asc(vendors.id))
    .limit(limit);
}

/** The newest change among public vendors (the sitemap index's lastmod for the vendors' sitemap). */
export async function vendorsLastChanged(db: Db): Promise<string | null> {
  const [row] = await db.select({ at: w3c(sql`max(${vendorChanged})`) }).from(vendors).where(listed);
  return row?.at ?? null;
}
