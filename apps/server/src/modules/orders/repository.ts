import { and, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { paiseToRupees } from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function insertLines(tx: Tx, values: (typeof orderLines.$inferInsert)[]): Promise<LineRow[]> {
  return tx.insert(orderLines).values(values).returning();
}

/** A customer's order lines with their orders, newest first. */
export async function listLines(db: Db, customerId: string) {
  return db.select({ line: orderLines, order: orders }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id), orderLines.createdAt, orderLines.id);
}

/** A vendor's order lines (what it must ship), newest first, at most `limit`. */
export async function listLinesOfVendor(db: Db, vendorId: string, limit: number) {
  return db.select({ line: orderLines, order: orders }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.vendorId, vendorId))
    .orderBy(desc(orderLines.createdAt), desc(orderLines.id))
    .limit(limit);
}

/**
 * Moves a vendor's line from one of `from` to `to` in one conditional statement, so of racing moves one wins
 * (delivery has statements of its own, with its proof: deliverWithCode, deliverWithPhoto).
 * Shipping and cancelling wait for the money: an online or UPI line is shipped or cancelled only once paid (its
 * gateway order is for the whole order; an unpaid one expires by itself).
 */
export async function moveVendorLine(tx: Tx, vendorId: string, lineId: string, from: LineRow['status'][], to: 'Shipped' | 'Cancelled') {
  const paidOrCash = sql`(${orderLines.paymentStatus} = 'Paid' or exists (select 1 from ${orders} where ${orders.id} = ${orderLines.orderId} and ${orders.paymentMethod} = 'cod'))`;
  const [row] = await tx.update(orderLines).set({ status: to, ...{ Shipped: { shippedAt: sql`now()` }, Cancelled: { cancelledAt: sql`now()` } }[to] })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.vendorId, vendorId), inArray(orderLines.status, from), paidOrCash))
    .returning();
  return row;
}

/**
 * A Shipped line's delivery against the customer's code, in one conditional statement (decision 032): the right
 * code makes it Delivered, a wrong one counts a try, and a line with its 5 tries spent is not touched. Racing
 * submissions take the row's lock in turn and each sees the last one's result, so the line is delivered once and
 * never takes a sixth try. The returned row says which happened (its status); none: not Shipped, or no tries left.
 */
export async function deliverWithCode(tx: Tx, vendorId: string, lineId: string, code: string, maxTries: number) {
  const matches = sql`${orderLines.deliveryCode} is not distinct from ${code}`;
  const [row] = await tx.update(orderLines).set({
    status: sql`case when ${matches} then 'Delivered'::order_status else ${orderLines.status} end`,
    deliveredAt: sql`case when ${matches} then now() else ${orderLines.deliveredAt} end`,
    deliveryCodeTries: sql`case when ${matches} then ${orderLines.deliveryCodeTries} else ${orderLines.deliveryCodeTries} + 1 end`,
  })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.vendorId, vendorId), eq(orderLines.status, 'Shipped'), lt(orderLines.deliveryCodeTries, maxTries)))
    .returning();
  return row;
}

/** A Shipped line delivered while the customer was away: the photo and the receiver's name, in one conditional statement. */
export async function deliverWithPhoto(tx: Tx, vendorId: string, lineId: string, proof: { photoId: string; receivedBy: string }) {
  const [row] = await tx.update(orderLines)
    .set({ status: 'Delivered', deliveredAt: sql`now()`, deliveryPhotoId: proof.photoId, deliveryReceivedBy: proof.receivedBy })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.vendorId, vendorId), eq(orderLines.status, 'Shipped')))
    .returning();
  return row;
}

/** Whether the file is the delivery photo of one of the customer's lines (the customer may open it). */
export async function isDeliveryPhotoOfCustomer(db: Db, customerId: string, fileId: string) {
  const [row] = await db.select({ one: sql<number>`1` }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.deliveryPhotoId, fileId), eq(orders.customerId, customerId)))
    .limit(1);
  return row !== undefined;
}

export async function findVendorLine(db: Db | Tx, vendorId: string, lineId: string) {
  const [row] = await db.select().from(orderLines).where(and(eq(orderLines.id, lineId), eq(orderLines.vendorId, vendorId)));
  return row;
}

/**
 * Cancels the customer's lines named by `id` (a line's id, or an order's id for all its lines) that are still
 * cancellable, in one conditional statement: racing cancels cancel a line once.
 */
export async function cancelLines(tx: Tx, customerId: string, id: string) {
  const owned = tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));
  return tx.update(orderLines).set({ status: 'Cancelled', cancelledAt: sql`now()` })
    .where(and(
      inArray(orderLines.orderId, owned),
      or(eq(orderLines.id, id), eq(orderLines.orderId, id)),
      inArray(orderLines.status, ['Pending', 'Shipped']),
    ))
    .returning();
}

/** The customer's order named by `id` (its own id, or one of its lines' ids). */
export async function orderIdOf(tx: Tx, customerId: string, id: string) {
  const [row] = await tx.select({ orderId: orderLines.orderId }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.customerId, customerId), or(eq(orderLines.id, id), eq(orderLines.orderId, id))))
    .limit(1);
  return row?.orderId;
}

export async function linesOfOrder(db: Db | Tx, orderId: string) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.createdAt, orderLines.id);
}

/** Whether the customer has any line or order with this id (to tell "not yours / unknown" from "not cancellable"). */
export async function ownsLineOrOrder(db: Db | Tx, customerId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.customerId, customerId), or(eq(orderLines.id, id), eq(orderLines.orderId, id))));
  return (row?.n ?? 0) > 0;
}

export async function findOrder(db: Db | Tx, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Locks an order's row: payment confirmation and expiry of the same order take turns. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Marks an order's live lines paid, and the order when any is live (lines cancelled meanwhile stay as they are). */
export async function markPaid(tx: Tx, orderId: string) {
  const lines = await tx.update(orderLines).set({ paymentStatus: 'Paid' })
    .where(and(eq(orderLines.orderId, orderId), ne(orderLines.status, 'Cancelled'), eq(orderLines.paymentStatus, 'Pending')))
    .returning();
  if (lines.length > 0) await tx.update(orders).set({ paymentStatus: 'Paid' }).where(eq(orders.id, orderId));
  return lines;
}

/**
 * A cash-on-delivery line handed over is paid: the seller collected the cash at the door (decision record 028).
 * Conditional, so a replayed delivery changes nothing.
 */
export async function markCashCollected(tx: Tx, lineId: string) {
  const [row] = await tx.update(orderLines).set({ paymentStatus: 'Paid' })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.paymentStatus, 'Pending'))).returning();
  return row;
}

/**
 * A cash-on-delivery order is Paid once none of its live lines is still to be paid and at least one was collected
 * (an order whose every line was cancelled was never paid). The caller holds the order's row lock, so of two
 * vendors delivering the last two lines at once, the second sees the first's line.
 */
export async function settleCashOrder(tx: Tx, orderId: string) {
  const [row] = await tx.update(orders).set({ paymentStatus: 'Paid' })
    .where(and(
      eq(orders.id, orderId), eq(orders.paymentMethod, 'cod'), eq(orders.paymentStatus, 'Pending'),
      sql`not exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.status} <> 'Cancelled' and ${orderLines.paymentStatus} = 'Pending')`,
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.paymentStatus} = 'Paid')`,
    )).returning();
  return row;
}

export async function markRefunded(tx: Tx, lineIds: string[]) {
  if (lineIds.length === 0) return;
  await tx.update(orderLines).set({ paymentStatus: 'Refunded' }).where(inArray(orderLines.id, lineIds));
}

/** Online and UPI orders still unpaid that were placed before `before`. */
export async function unpaidOnlineOrders(db: Db, before: Date) {
  return db.select({ id: orders.id }).from(orders)
    .where(and(
      eq(orders.paymentStatus, 'Pending'), inArray(orders.paymentMethod, ['online', 'upi']), lt(orders.createdAt, before),
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.status} in ('Pending', 'Shipped'))`,
    ))
    .orderBy(orders.createdAt)
    .limit(100);
}

/** Cancels an unpaid order's open lines. */
export async function cancelUnpaidLines(tx: Tx, orderId: string) {
  return tx.update(orderLines).set({ status: 'Cancelled', cancelledAt: sql`now()` })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.paymentStatus, 'Pending'), inArray(orderLines.status, ['Pending', 'Shipped'])))
    .returning();
}

/** Whether the customer has ever ordered a product of the vendor (chat: the vendor may then write first). */
export async function hasOrderedFrom(db: Db, customerId: string, vendorId: string) {
  const [row] = await db.select({ one: sql<number>`1` }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.vendorId, vendorId), eq(orders.customerId, customerId)))
    .limit(1);
  return row !== undefined;
}

/** A vendor's lines still to ship, and the sum of its lines delivered since `since` (before delivery times were kept: ordered since). */
export async function vendorLineFigures(db: Db, vendorId: string, since: Date) {
  const [row] = await db.select({
    pending: sql<number>`count(*) filter (where ${orderLines.status} = 'Pending')::int`,
    revenue: sql<string>`coalesce(sum(${orderLines.totalPricePaise}) filter (where ${orderLines.status} = 'Delivered' and coalesce(${orderLines.deliveredAt}, ${orderLines.createdAt}) >= ${since.toISOString()}::timestamptz), 0)::text`,
  }).from(orderLines).where(eq(orderLines.vendorId, vendorId));
  return { pending: row?.pending ?? 0, revenue: paiseToRupees(row?.revenue ?? '0') };
}

/**
 * Of `customerIds`, those with a Delivered line of the product (or from the vendor): the "Verified purchase" of
 * their reviews. One array parameter, however many reviewers; the probe runs through orders_customer_idx and
 * order_lines_order_idx, so it costs what those customers ordered, not the table.
 */
export async function customersWithDelivered(db: Db, of: { productId: string } | { vendorId: string }, customerIds: readonly string[]) {
  if (customerIds.length === 0) return [];
  const rows = await db.selectDistinct({ customerId: orders.customerId }).from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(
      sql`${orders.customerId} = any(${sql.param([...customerIds])}::uuid[])`,
      'productId' in of ? eq(orderLines.productId, of.productId) : eq(orderLines.vendorId, of.vendorId),
      eq(orderLines.status, 'Delivered'),
    ));
  return rows.map((r) => r.customerId);
}

// The operator console's view (decision record 020)

/** The customer's own order line with its order, or undefined (another customer's ids are unknown). */
export async function findCustomerLine(db: Db | Tx, customerId: string, lineId: string) {
  const [row] = await db.select({ line: orderLines, order: orders }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.id, lineId), eq(orders.customerId, customerId)));
  return row;
}

export async function findLineWithOrder(db: Db | Tx, lineId: string) {
  const [row] = await db.select({ line: orderLines, order: orders }).from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orderLines.id, lineId));
  return row;
}

export interface OpsOrderFilter {
  q?: string | undefined; customer?: string | undefined; vendorIds?: string[] | undefined; from?: string | undefined; to?: string | undefined;
  status?: LineRow['status'] | undefined; paymentStatus?: OrderRow['paymentStatus'] | undefined;
}

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const indiaDay = sql`(${orders.createdAt} at time zone 'Asia/Kolkata')::date`;

function opsOrderWhere(f: OpsOrderFilter) {
  const where = [];
  if (f.q) where.push(sql`${orders.id}::text like ${`${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.customer) where.push(sql`(lower(${orders.customerName}) like ${like(f.customer)} or lower(${orders.email}) like ${like(f.customer)})`);
  if (f.vendorIds) where.push(f.vendorIds.length === 0 ? sql`false` : sql`exists (select 1 from ${orderLines} l where l.order_id = "orders"."id" and l.vendor_id in ${f.vendorIds})`);
  if (f.from) where.push(sql`${indiaDay} >= ${f.from}::date`);
  if (f.to) where.push(sql`${indiaDay} <= ${f.to}::date`);
  if (f.status) where.push(sql`exists (select 1 from ${orderLines} l where l.order_id = "orders"."id" and l.status = ${f.status})`);
  if (f.paymentStatus) where.push(eq(orders.paymentStatus, f.paymentStatus));
  return where.length > 0 ? and(...where) : undefined;
}

export async function countOrdersForOps(db: Db, f: OpsOrderFilter) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(opsOrderWhere(f));
  return row?.n ?? 0;
}

/** Orders newest first, each with its lines' vendors and statuses. */
export async function searchOrdersForOps(db: Db, f: OpsOrderFilter, page: { limit: number; offset: number }) {
  return db.select({
    order: orders,
    vendorIds: sql<string[]>`array(select distinct l.vendor_id::text from ${orderLines} l where l.order_id = "orders"."id")`,
    statuses: sql<string[]>`array(select distinct l.status::text from ${orderLines} l where l.order_id = "orders"."id")`,
    lines: sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = "orders"."id")`,
  }).from(orders).where(opsOrderWhere(f)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(page.limit).offset(page.offset);
}

/** An order line that carries money to its vendor, as the vendor's earnings report reads it. */
export interface EarningLineRow {
  id: string; orderId: string; title: string; at: Date | string; atMicros: string; paymentMethod: string; status: string;
  paymentStatus: string; grossPaise: number | string; commissionPaise: number | string | null;
}

/**
 * The vendor's newest `limit` lines that carry money (online once paid, cash on delivery once delivered), with their
 * order's payment method. `atMicros` is created_at to the microsecond, as text: a Date keeps only milliseconds, and
 * the report merges these with bookings in the database's own order.
 */
export async function vendorEarningLines(db: Db | Tx, vendorId: string, limit: number): Promise<EarningLineRow[]> {
  const result = await db.execute(sql`select l.id, l.order_id as "orderId", l.product_name || ' × ' || l.quantity as title,
      l.created_at as at, (extract(epoch from l.created_at) * 1000000)::bigint::text as "atMicros",
      o.payment_method as "paymentMethod", l.status::text as status, l.payment_status::text as "paymentStatus",
      l.total_price_paise as "grossPaise", l.commission_paise as "commissionPaise"
    from order_lines l join orders o on o.id = l.order_id
    where l.vendor_id = ${vendorId} and (l.payment_status <> 'Pending' or (o.payment_method = 'cod' and l.status = 'Delivered'))
    order by l.created_at desc, l.id limit ${limit}`);
  return (result as unknown as { rows: EarningLineRow[] }).rows;
}
