import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rfqAwards, rfqFiles, rfqItems, rfqMessages, rfqQuotes, rfqSellers, rfqs } from '../../db/schema/rfqs.ts';

/** All of the rfqs module's SQL, on its own tables (decision record 036). */

export type RfqRow = typeof rfqs.$inferSelect;
export type ItemRow = typeof rfqItems.$inferSelect;
export type SellerRow = typeof rfqSellers.$inferSelect;
export type QuoteRow = typeof rfqQuotes.$inferSelect;
export type MessageRow = typeof rfqMessages.$inferSelect;

/** The customer's requests still collecting quotes (open, not past their close): the limit counts these. */
export async function countCollecting(tx: Tx, customerId: string, now: Date): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(rfqs)
    .where(and(eq(rfqs.customerId, customerId), eq(rfqs.state, 'open'), gt(rfqs.closesAt, now)));
  return row!.n;
}

export async function insertRfq(tx: Tx, values: typeof rfqs.$inferInsert): Promise<RfqRow> {
  const [row] = await tx.insert(rfqs).values(values).returning();
  return row!;
}

export async function insertItems(tx: Tx, values: (typeof rfqItems.$inferInsert)[]): Promise<ItemRow[]> {
  return tx.insert(rfqItems).values(values).returning();
}

export async function insertSellers(tx: Tx, values: (typeof rfqSellers.$inferInsert)[]) {
  if (values.length > 0) await tx.insert(rfqSellers).values(values);
}

/**
 * Attaches the files to the request in one statement; a file already on a request (the primary key, whatever
 * races) is skipped. Returns how many were attached, so the caller can refuse the whole request. `after`: the files
 * already on the request, which the new ones follow.
 */
export async function attachFiles(tx: Tx, rfqId: string, fileIds: string[], now: Date, after = 0): Promise<number> {
  if (fileIds.length === 0) return 0;
  const rows = await tx.insert(rfqFiles).values(fileIds.map((fileId, k) => ({ fileId, rfqId, position: after + k, createdAt: now })))
    .onConflictDoNothing({ target: rfqFiles.fileId }).returning({ fileId: rfqFiles.fileId });
  return rows.length;
}

/** The file ids of these requests, each request's in its order. */
export async function fileIdsOf(db: Db | Tx, rfqIds: string[]) {
  if (rfqIds.length === 0) return [];
  return db.select({ rfqId: rfqFiles.rfqId, fileId: rfqFiles.fileId }).from(rfqFiles).where(inArray(rfqFiles.rfqId, rfqIds)).orderBy(asc(rfqFiles.rfqId), asc(rfqFiles.position));
}

/** Whether the file is on a request routed to this seller that an operator has not hidden. */
export async function isFileRoutedTo(db: Db, vendorId: string, fileId: string): Promise<boolean> {
  const rows = await db.select({ rfqId: rfqFiles.rfqId }).from(rfqFiles)
    .innerJoin(rfqSellers, and(eq(rfqSellers.rfqId, rfqFiles.rfqId), eq(rfqSellers.vendorId, vendorId)))
    .innerJoin(rfqs, eq(rfqs.id, rfqFiles.rfqId))
    .where(and(eq(rfqFiles.fileId, fileId), ne(rfqs.state, 'hidden'))).limit(1);
  return rows.length > 0;
}

export async function isRequestFile(db: Db, fileId: string): Promise<boolean> {
  return (await db.select({ fileId: rfqFiles.fileId }).from(rfqFiles).where(eq(rfqFiles.fileId, fileId)).limit(1)).length > 0;
}

export async function findRfq(db: Db | Tx, id: string): Promise<RfqRow | undefined> {
  const [row] = await db.select().from(rfqs).where(eq(rfqs.id, id));
  return row;
}

/** Locks the request until the transaction ends: quotes, declines and the acceptance of one request take turns. */
export async function lockRfq(tx: Tx, id: string): Promise<RfqRow | undefined> {
  const [row] = await tx.select().from(rfqs).where(eq(rfqs.id, id)).for('update');
  return row;
}

export async function listRfqsOfCustomer(db: Db, customerId: string, limit: number): Promise<RfqRow[]> {
  return db.select().from(rfqs).where(eq(rfqs.customerId, customerId)).orderBy(desc(rfqs.createdAt), desc(rfqs.id)).limit(limit);
}

export async function itemsOf(db: Db | Tx, rfqIds: string[]): Promise<ItemRow[]> {
  if (rfqIds.length === 0) return [];
  return db.select().from(rfqItems).where(inArray(rfqItems.rfqId, rfqIds)).orderBy(asc(rfqItems.rfqId), asc(rfqItems.position));
}

/** The quotes of these requests (of one seller only when `vendorId` is given), newest version first. */
export async function quotesOf(db: Db | Tx, rfqIds: string[], vendorId?: string): Promise<QuoteRow[]> {
  if (rfqIds.length === 0) return [];
  return db.select().from(rfqQuotes)
    .where(and(inArray(rfqQuotes.rfqId, rfqIds), vendorId ? eq(rfqQuotes.vendorId, vendorId) : undefined))
    .orderBy(asc(rfqQuotes.rfqId), asc(rfqQuotes.vendorId), desc(rfqQuotes.version));
}

export async function findQuote(db: Db | Tx, rfqId: string, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(rfqQuotes).where(and(eq(rfqQuotes.id, quoteId), eq(rfqQuotes.rfqId, rfqId)));
  return row;
}

export async function sellerCounts(db: Db | Tx, rfqIds: string[]): Promise<Map<string, number>> {
  if (rfqIds.length === 0) return new Map();
  const rows = await db.select({ rfqId: rfqSellers.rfqId, n: sql<number>`count(*)::int` }).from(rfqSellers)
    .where(inArray(rfqSellers.rfqId, rfqIds)).groupBy(rfqSellers.rfqId);
  return new Map(rows.map((r) => [r.rfqId, r.n]));
}

export async function sellerIdsOf(db: Db | Tx, rfqId: string): Promise<string[]> {
  return (await db.select({ vendorId: rfqSellers.vendorId }).from(rfqSellers).where(eq(rfqSellers.rfqId, rfqId))).map((r) => r.vendorId);
}

export async function findSeller(db: Db | Tx, rfqId: string, vendorId: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(rfqSellers).where(and(eq(rfqSellers.rfqId, rfqId), eq(rfqSellers.vendorId, vendorId)));
  return row;
}

/** The requests routed to the seller (an operator's hidden ones left out), newest first, with the seller's row. */
export async function listRfqsOfVendor(db: Db, vendorId: string, limit: number) {
  return db.select({ rfq: rfqs, seller: rfqSellers }).from(rfqSellers).innerJoin(rfqs, eq(rfqs.id, rfqSellers.rfqId))
    .where(and(eq(rfqSellers.vendorId, vendorId), ne(rfqs.state, 'hidden')))
    .orderBy(desc(rfqSellers.createdAt), desc(rfqs.id)).limit(limit);
}

/** The seller's newest version number on the request (0 before its first quote); the request is locked by the caller. */
export async function lastVersion(tx: Tx, rfqId: string, vendorId: string): Promise<number> {
  const [row] = await tx.select({ v: sql<number>`coalesce(max(${rfqQuotes.version}), 0)::int` }).from(rfqQuotes)
    .where(and(eq(rfqQuotes.rfqId, rfqId), eq(rfqQuotes.vendorId, vendorId)));
  return row!.v;
}

/** The seller's live quote becomes `status` (superseded by a revision, closed by a decline). */
export async function endLiveQuotesOf(tx: Tx, rfqId: string, vendorId: string, status: 'superseded' | 'closed') {
  await tx.update(rfqQuotes).set({ status }).where(and(eq(rfqQuotes.rfqId, rfqId), eq(rfqQuotes.vendorId, vendorId), eq(rfqQuotes.status, 'live')));
}

export async function insertQuote(tx: Tx, values: typeof rfqQuotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await tx.insert(rfqQuotes).values(values).returning();
  return row!;
}

/** Records the seller's decline once; false when it had already declined. */
export async function declineSeller(tx: Tx, rfqId: string, vendorId: string, reason: string): Promise<boolean> {
  const rows = await tx.update(rfqSellers).set({ declinedAt: new Date(), declineReason: reason || null })
    .where(and(eq(rfqSellers.rfqId, rfqId), eq(rfqSellers.vendorId, vendorId), isNull(rfqSellers.declinedAt))).returning({ rfqId: rfqSellers.rfqId });
  return rows.length > 0;
}

/**
 * The acceptance, on the locked request: the request moves from open to accepted in one statement (a second
 * acceptance finds it accepted and changes nothing), the quote is marked accepted (a partial unique index holds one
 * per request whatever happens), and every other live quote closes. Returns the sellers whose quotes closed.
 */
/**
 * Accepts quotes in one go: the request moves from open to accepted in one statement (a second acceptance finds it
 * accepted), each quote is accepted and its items awarded to it (an item's primary key holds it to one), and every
 * other live quote closes. `first` is the request's `acceptedQuoteId` (the whole quote, or a split's first).
 */
export async function accept(tx: Tx, rfqId: string, first: string, awards: { quoteId: string; itemIds: string[] }[]): Promise<{ accepted: boolean; closedVendorIds: string[] }> {
  const moved = await tx.update(rfqs).set({ state: 'accepted', acceptedQuoteId: first })
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.state, 'open'))).returning({ id: rfqs.id });
  if (moved.length === 0) return { accepted: false, closedVendorIds: [] };
  await tx.update(rfqQuotes).set({ status: 'accepted' }).where(and(inArray(rfqQuotes.id, awards.map((a) => a.quoteId)), eq(rfqQuotes.status, 'live')));
  await tx.insert(rfqAwards).values(awards.flatMap((a) => a.itemIds.map((itemId) => ({ itemId, rfqId, quoteId: a.quoteId }))));
  const closed = await tx.update(rfqQuotes).set({ status: 'closed' })
    .where(and(eq(rfqQuotes.rfqId, rfqId), eq(rfqQuotes.status, 'live'))).returning({ vendorId: rfqQuotes.vendorId });
  return { accepted: true, closedVendorIds: [...new Set(closed.map((c) => c.vendorId))] };
}

/** Which quote each item of these requests went to. */
export async function awardsOf(db: Db | Tx, rfqIds: string[]) {
  if (rfqIds.length === 0) return [];
  return db.select({ rfqId: rfqAwards.rfqId, itemId: rfqAwards.itemId, quoteId: rfqAwards.quoteId }).from(rfqAwards).where(inArray(rfqAwards.rfqId, rfqIds));
}

export async function setOrder(tx: Tx, rfqId: string, orderId: string) {
  await tx.update(rfqs).set({ orderId }).where(eq(rfqs.id, rfqId));
}

/** The buyer cancels an open request: its live quotes close. Returns the request when it moved. */
export async function cancel(tx: Tx, rfqId: string): Promise<boolean> {
  const moved = await tx.update(rfqs).set({ state: 'cancelled' }).where(and(eq(rfqs.id, rfqId), eq(rfqs.state, 'open'))).returning({ id: rfqs.id });
  if (moved.length === 0) return false;
  await tx.update(rfqQuotes).set({ status: 'closed' }).where(and(eq(rfqQuotes.rfqId, rfqId), eq(rfqQuotes.status, 'live')));
  return true;
}

// ─── The thread of counter-offers ───────────────────────────────────────────────────────────────────────────────

export async function insertMessage(tx: Tx | Db, values: typeof rfqMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(rfqMessages).values(values).returning();
  return row!;
}

export async function messagesOf(db: Db | Tx, rfqId: string, vendorId?: string): Promise<MessageRow[]> {
  return db.select().from(rfqMessages)
    .where(and(eq(rfqMessages.rfqId, rfqId), vendorId ? eq(rfqMessages.vendorId, vendorId) : undefined))
    .orderBy(asc(rfqMessages.createdAt), asc(rfqMessages.id));
}

// ─── Operators ──────────────────────────────────────────────────────────────────────────────────────────────────

/** An operator hides an abusive request (any state but hidden); its live quotes close. */
export async function hide(tx: Tx, rfqId: string, reason: string): Promise<RfqRow | undefined> {
  const [row] = await tx.update(rfqs).set({ state: 'hidden', hiddenReason: reason }).where(and(eq(rfqs.id, rfqId), ne(rfqs.state, 'hidden'))).returning();
  if (row) await tx.update(rfqQuotes).set({ status: 'closed' }).where(and(eq(rfqQuotes.rfqId, rfqId), eq(rfqQuotes.status, 'live')));
  return row;
}

export interface OpsRfqFilter { state?: string | undefined; pincode?: string | undefined; category?: string | undefined; customerId?: string | undefined; q?: string | undefined }

/** `%words%` for ilike, with the pattern's own wildcards and escape taken literally. */
const containing = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function opsWhere(f: OpsRfqFilter) {
  return and(
    f.state ? eq(rfqs.state, f.state) : undefined,
    f.pincode ? eq(rfqs.pincode, f.pincode) : undefined,
    f.customerId ? eq(rfqs.customerId, f.customerId) : undefined,
    f.category ? sql`exists (select 1 from ${rfqItems} where ${rfqItems.rfqId} = ${rfqs.id} and lower(${rfqItems.category}) = lower(${f.category}))` : undefined,
    // Words in the buyer's notes or an item's description (what an abusive request writes).
    f.q ? sql`(${rfqs.notes} ilike ${containing(f.q)} or exists (select 1 from ${rfqItems} where ${rfqItems.rfqId} = ${rfqs.id} and ${rfqItems.description} ilike ${containing(f.q)}))` : undefined,
  );
}

export async function searchForOps(db: Db, f: OpsRfqFilter, page: { limit: number; offset: number }): Promise<RfqRow[]> {
  return db.select().from(rfqs).where(opsWhere(f)).orderBy(desc(rfqs.createdAt), desc(rfqs.id)).limit(page.limit).offset(page.offset);
}

export async function countForOps(db: Db, f: OpsRfqFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rfqs).where(opsWhere(f));
  return row!.n;
}

/** The dashboard's figures since `since`: requests, quotes (every version) and requests that became orders. */
export async function figures(db: Db, since: Date) {
  const [r] = await db.select({
    requests: sql<number>`count(*)::int`,
    conversions: sql<number>`(count(*) filter (where ${rfqs.orderId} is not null))::int`,
  }).from(rfqs).where(gt(rfqs.createdAt, since));
  const [q] = await db.select({ quotes: sql<number>`count(*)::int` }).from(rfqQuotes).where(gt(rfqQuotes.createdAt, since));
  return { requests: r!.requests, quotes: q!.quotes, conversions: r!.conversions };
}
