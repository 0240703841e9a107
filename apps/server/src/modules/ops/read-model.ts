import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { VendorStatus } from '@nirmaan/shared/ops';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { products } from '../../db/schema/catalogue.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { productReviews, reviewReports, vendorReviews } from '../../db/schema/reviews.ts';
import { vendors } from '../../db/schema/vendors.ts';

/**
 * The console's read model (decision record 031): the one place outside a module that reads its tables, for the
 * operator console's searches and reports (the vendor queue, customer search, the dashboard's figures, reviews for
 * moderation). Reads only: it writes no table, and every change goes through the owning module's service. Lint lets
 * this file, and no other module file, import another module's schema (nirmaan/own-tables).
 */

// The vendor queue

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const STATUS_WHERE: Record<VendorStatus, SQL> = {
  pending: sql`${vendors.approvedAt} is null and ${vendors.rejectedAt} is null`,
  approved: sql`${vendors.approvedAt} is not null and ${vendors.suspendedAt} is null`,
  rejected: sql`${vendors.approvedAt} is null and ${vendors.rejectedAt} is not null`,
  suspended: sql`${vendors.suspendedAt} is not null`,
};

function vendorsWhere(q: { status?: VendorStatus | undefined; text?: string | undefined }) {
  const where: SQL[] = [];
  if (q.status) where.push(STATUS_WHERE[q.status]);
  if (q.text) {
    const p = likePattern(q.text);
    where.push(sql`(lower(${vendors.businessName}) like ${p} or lower(${vendors.ownerName}) like ${p} or lower(${vendors.email}) like ${p} or lower(${vendors.city}) like ${p})`);
  }
  return where.length > 0 ? and(...where) : undefined;
}

const vendorColumns = {
  id: vendors.id, kind: vendors.kind, businessName: vendors.businessName, ownerName: vendors.ownerName, email: vendors.email,
  phone: vendors.phone, city: vendors.city, businessAddress: vendors.businessAddress, category: vendors.category,
  subCategories: vendors.subCategories, description: vendors.description, chargeAmountPaise: vendors.chargeAmountPaise, chargeType: vendors.chargeType,
  approvedAt: vendors.approvedAt, rejectedAt: vendors.rejectedAt, rejectionReason: vendors.rejectionReason, suspendedAt: vendors.suspendedAt,
  createdAt: vendors.createdAt,
};

/** The queue oldest first (who waited longest is served first); other lists newest first. */
export async function listVendors(db: Db, q: { status?: VendorStatus | undefined; text?: string | undefined }, page: { limit: number; offset: number }) {
  const order = q.status === 'pending' ? [asc(vendors.createdAt), asc(vendors.id)] : [desc(vendors.createdAt), desc(vendors.id)];
  return db.select(vendorColumns).from(vendors).where(vendorsWhere(q)).orderBy(...order).limit(page.limit).offset(page.offset);
}

export async function countVendors(db: Db, q: { status?: VendorStatus | undefined; text?: string | undefined }) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vendors).where(vendorsWhere(q));
  return row?.n ?? 0;
}

export async function findVendor(db: Db, id: string) {
  const [row] = await db.select(vendorColumns).from(vendors).where(eq(vendors.id, id));
  return row;
}
export type OpsVendorRow = NonNullable<Awaited<ReturnType<typeof findVendor>>>;

// Customers

const customerColumns = {
  id: customers.id, fullName: customers.fullName, email: customers.email, phone: customers.phone, location: customers.location,
  createdAt: customers.createdAt, blockedAt: customers.blockedAt,
};

function customersWhere(text: string | undefined) {
  if (!text) return undefined;
  const p = likePattern(text);
  return sql`(lower(${customers.fullName}) like ${p} or lower(${customers.email}) like ${p} or coalesce(${customers.phone}, '') like ${p})`;
}

export async function searchCustomers(db: Db, text: string | undefined, page: { limit: number; offset: number }) {
  return db.select(customerColumns).from(customers).where(customersWhere(text))
    .orderBy(desc(customers.createdAt), desc(customers.id)).limit(page.limit).offset(page.offset);
}

export async function countCustomers(db: Db, text: string | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).where(customersWhere(text));
  return row?.n ?? 0;
}

export async function findCustomer(db: Db, id: string) {
  const [row] = await db.select(customerColumns).from(customers).where(eq(customers.id, id));
  return row;
}

const RECENT = 100;

export async function customerOrders(db: Db, customerId: string) {
  return db.select({
    id: orders.id, createdAt: orders.createdAt, totalPaise: orders.totalPaise, paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus,
    items: sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = ${orders.id})`,
  }).from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT);
}

export async function customerBookings(db: Db, customerId: string) {
  return db.select({
    id: bookings.id, createdAt: bookings.createdAt, vendorName: vendors.businessName, serviceDate: bookings.serviceDate,
    status: bookings.status, totalAmountPaise: bookings.totalAmountPaise,
  }).from(bookings).innerJoin(vendors, eq(vendors.id, bookings.vendorId))
    .where(eq(bookings.customerId, customerId)).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(RECENT);
}

export async function customerReviews(db: Db, customerId: string) {
  const ofProducts = await db.select({
    subjectId: products.id, subjectName: products.name, rating: productReviews.rating, comment: productReviews.comment, createdAt: productReviews.createdAt,
  }).from(productReviews).innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.customerId, customerId)).orderBy(desc(productReviews.createdAt)).limit(RECENT);
  const ofVendors = await db.select({
    subjectId: vendors.id, subjectName: vendors.businessName, rating: vendorReviews.rating, comment: vendorReviews.comment, createdAt: vendorReviews.createdAt,
  }).from(vendorReviews).innerJoin(vendors, eq(vendors.id, vendorReviews.vendorId))
    .where(eq(vendorReviews.customerId, customerId)).orderBy(desc(vendorReviews.createdAt)).limit(RECENT);
  return { ofProducts, ofVendors };
}

// The dashboard

/** Midnight of today and the first of this month in India (the marketplace's day), as timestamps. */
const IST = sql.raw(`'Asia/Kolkata'`);
const dayStart = sql`(date_trunc('day', now() at time zone ${IST}) at time zone ${IST})`;
const monthStart = sql`(date_trunc('month', now() at time zone ${IST}) at time zone ${IST})`;

/**
 * An order or booking the dashboard counts: one paid in cash, or one whose payment was taken (refunded ones
 * included: GMV is gross). An online checkout that was never paid, still waiting or expired, is not a sale.
 */
const countedOrder = sql`(${orders.paymentMethod} = 'cod' or ${orders.paymentStatus} <> 'Pending')`;
const countedBooking = sql`(${bookings.paymentMethod} = 'cash' or ${bookings.paymentStatus} <> 'Pending')`;

export async function dashboardFigures(db: Db) {
  const [o] = await db.select({
    ordersToday: sql<number>`count(*) filter (where ${orders.createdAt} >= ${dayStart})::int`,
    gmvToday: sql<string>`coalesce(sum(${orders.totalPaise}) filter (where ${orders.createdAt} >= ${dayStart}), 0)::text`,
    ordersMonth: sql<number>`count(*)::int`,
    gmvMonth: sql<string>`coalesce(sum(${orders.totalPaise}), 0)::text`,
  }).from(orders).where(sql`${orders.createdAt} >= ${monthStart} and ${countedOrder}`);
  const [b] = await db.select({
    bookingsToday: sql<number>`count(*) filter (where ${bookings.createdAt} >= ${dayStart})::int`,
    bookingsMonth: sql<number>`count(*)::int`,
  }).from(bookings).where(sql`${bookings.createdAt} >= ${monthStart} and ${countedBooking}`);
  const [v] = await db.select({ n: sql<number>`count(*)::int` }).from(vendors).where(STATUS_WHERE.pending);
  return { ...o!, ...b!, pendingVendors: v?.n ?? 0 };
}

// Reviews for moderation: both review tables, each row with its customers' reports.

export interface ReviewQuery {
  vendorId?: string | undefined; productId?: string | undefined; reported?: boolean | undefined; one?: { kind: 'product' | 'vendor'; id: string };
}

function reviewsOf(q: ReviewQuery) {
  const productWhere: SQL[] = [sql`true`];
  if (q.productId) productWhere.push(sql`pr.product_id = ${q.productId}`);
  if (q.vendorId) productWhere.push(sql`p.vendor_id = ${q.vendorId}`);
  const vendorWhere: SQL[] = [q.productId ? sql`false` : sql`true`];
  if (q.vendorId) vendorWhere.push(sql`vr.vendor_id = ${q.vendorId}`);
  if (q.one) {
    productWhere.push(q.one.kind === 'product' ? sql`pr.id = ${q.one.id}` : sql`false`);
    vendorWhere.push(q.one.kind === 'vendor' ? sql`vr.id = ${q.one.id}` : sql`false`);
  }
  // The report counts come from the unique (kind, review_id, customer_id) index, one probe per review.
  return sql`
    select r.*, rep.n as report_count, rep.last as last_reported_at
    from (
      select 'product'::text as kind, pr.id, pr.product_id as subject_id, p.name as subject_name, p.vendor_id, pr.customer_id,
        pr.customer_name, pr.rating, pr.comment, pr.created_at, pr.hidden_at, pr.hidden_reason
      from ${productReviews} pr join ${products} p on p.id = pr.product_id
      where ${sql.join(productWhere, sql` and `)}
      union all
      select 'vendor'::text, vr.id, vr.vendor_id, v.business_name, vr.vendor_id, vr.customer_id,
        vr.customer_name, vr.rating, vr.comment, vr.created_at, vr.hidden_at, vr.hidden_reason
      from ${vendorReviews} vr join ${vendors} v on v.id = vr.vendor_id
      where ${sql.join(vendorWhere, sql` and `)}
    ) r
    cross join lateral (
      select count(*)::int as n, max(rr.created_at) as last from ${reviewReports} rr where rr.kind = r.kind and rr.review_id = r.id
    ) rep
    ${q.reported ? sql`where rep.n > 0` : sql``}`;
}

export interface OpsReviewRow {
  kind: 'product' | 'vendor'; id: string; subject_id: string; subject_name: string; vendor_id: string; customer_id: string | null;
  customer_name: string; rating: number; comment: string; created_at: Date | string; hidden_at: Date | string | null;
  hidden_reason: string | null; report_count: number; last_reported_at: Date | string | null;
}

/** Newest first; reported ones by their latest report. */
export async function listReviews(db: Db, q: ReviewQuery, page: { limit: number; offset: number }) {
  const order = q.reported ? sql`last_reported_at desc, created_at desc, id desc` : sql`created_at desc, id desc`;
  const result = await db.execute(sql`select * from (${reviewsOf(q)}) x order by ${order} limit ${page.limit} offset ${page.offset}`);
  return (result as unknown as { rows: OpsReviewRow[] }).rows;
}

export async function countReviews(db: Db, q: ReviewQuery) {
  const result = await db.execute(sql`select count(*)::int as n from (${reviewsOf(q)}) x`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

export async function findReview(db: Db, kind: 'product' | 'vendor', id: string) {
  const result = await db.execute(reviewsOf({ one: { kind, id } }));
  return (result as unknown as { rows: OpsReviewRow[] }).rows[0];
}
