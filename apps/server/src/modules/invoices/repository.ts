import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invoiceCounters, invoices } from '../../db/schema/invoices.ts';

/** All SQL of GST invoices (decision record 022). */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'seq' | 'number' | 'pdfKey'>;

/**
 * Claims what `supplyKey` names for one invoice: of racing issues one row is inserted and the others wait for
 * its commit, then insert nothing (undefined). Numbered afterwards, in the same transaction.
 */
export async function claimInvoice(tx: Tx, values: NewInvoice): Promise<InvoiceRow | undefined> {
  const [row] = await tx.insert(invoices).values(values).onConflictDoNothing({ target: invoices.supplyKey }).returning();
  return row;
}

/**
 * The series' next number in one statement: the counter row stays locked until the issuing transaction ends,
 * so racing issues are numbered one after another, and a rolled-back issue gives its number back.
 */
export async function nextSeq(tx: Tx, series: string, fy: string): Promise<number> {
  const [row] = await tx.insert(invoiceCounters).values({ series, fy, lastSeq: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.series, invoiceCounters.fy], set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` } })
    .returning({ lastSeq: invoiceCounters.lastSeq });
  return row!.lastSeq;
}

export async function setNumber(tx: Tx, id: string, seq: number, number: string): Promise<InvoiceRow> {
  const [row] = await tx.update(invoices).set({ seq, number }).where(eq(invoices.id, id)).returning();
  return row!;
}

export async function findBySupplyKey(db: Db | Tx, supplyKey: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.supplyKey, supplyKey));
  return row;
}

export async function findById(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function findByIds(db: Db, ids: string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(invoices).where(sql`${invoices.id} = any(${sql.param(ids)}::uuid[])`);
}

export const LIST_LIMIT = 500;

export async function listOfCustomer(db: Db, customerId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.customerId, customerId)).orderBy(desc(invoices.issuedAt), desc(invoices.id)).limit(LIST_LIMIT);
}

export async function listOfVendor(db: Db, vendorId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.vendorId, vendorId)).orderBy(desc(invoices.issuedAt), desc(invoices.id)).limit(LIST_LIMIT);
}

/** Stores the PDF's key once: the first rendering wins, and every download reads that one. */
export async function setPdfKey(db: Db, id: string, key: string): Promise<string> {
  const [row] = await db.update(invoices).set({ pdfKey: sql`coalesce(${invoices.pdfKey}, ${key})` }).where(eq(invoices.id, id)).returning({ pdfKey: invoices.pdfKey });
  return row!.pdfKey!;
}

/** Every invoice and credit note issued in [from, to) (of one vendor, if given), oldest first: the tax reports. */
export async function issuedBetween(db: Db, from: Date, to: Date, vendorId?: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to), vendorId ? eq(invoices.vendorId, vendorId) : undefined))
    .orderBy(invoices.issuedAt, invoices.series, invoices.seq);
}

/** The console's filters: the month's instants, the suppliers (vendor ids, or the platform's own), the kind. */
export interface OpsInvoiceFilter { from?: Date; to?: Date; vendorIds?: string[]; platform?: boolean; kind?: InvoiceRow['kind'] }

function opsWhere(f: OpsInvoiceFilter): SQL | undefined {
  const supplier = f.platform ? isNull(invoices.vendorId) : f.vendorIds ? inArray(invoices.vendorId, f.vendorIds) : undefined;
  return and(
    f.from ? gte(invoices.issuedAt, f.from) : undefined, f.to ? lt(invoices.issuedAt, f.to) : undefined, supplier,
    f.kind ? eq(invoices.kind, f.kind) : undefined,
  );
}

/** Every buyer's and supplier's documents for finance operators, newest first, a page at a time, with the count. */
export async function listForOps(db: Db, f: OpsInvoiceFilter, page: { limit: number; offset: number }): Promise<{ rows: InvoiceRow[]; total: number }> {
  if (f.vendorIds?.length === 0) return { rows: [], total: 0 };
  const where = opsWhere(f);
  const [rows, [counted]] = await Promise.all([
    db.select().from(invoices).where(where).orderBy(desc(invoices.issuedAt), desc(invoices.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
