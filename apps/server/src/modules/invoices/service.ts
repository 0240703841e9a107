import { PLATFORM_TAX, materialTaxClass, serviceTaxClass, splitInclusive, splitPaise, stateCodeOfName, sumPaise, type Invoice, type InvoiceSummary, type TaxClass } from '@nirmaan/shared';
import { can, type OperatorRole } from '@nirmaan/shared/ops';
import { OPS_INVOICES_PAGE_SIZE, type Gstr8Report, type OpsInvoiceList, type ZOpsInvoiceListQuery } from '@nirmaan/shared/ops-finance';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findCustomerContact } from '../auth/service.ts';
import type * as bookings from '../bookings/service.ts';
import { findProductsForSale } from '../catalogue/service.ts';
import * as orders from '../orders/service.ts';
import type { RefundRow } from '../payments/service.ts';
import { taxIdentity } from '../payouts/service.ts';
import { findVendorIdsMatching, supplierDetails } from '../vendors/service.ts';
import {
  buildCreditNote, buildInvoice, financialYear, placeOfSupply, platformParty, seriesOf, stateOf, stateOfGstin,
  type InvoiceDocument, type Item, type Party, type StoredLine,
} from './document.ts';
import { renderInvoicePdf } from './pdf.ts';
import * as repo from './repository.ts';
import { gstr8Csv, gstr8Suppliers, monthRange, salesRegisterCsv } from './reports.ts';
import { readStoredPdf, storePdf } from './storage.ts';

/**
 * GST tax invoices, bills of supply and credit notes (decision record 022). Issued inside the transaction that
 * makes them due (a line Delivered, a booking Completed, a refund stored; flows/money-events.ts): one per thing
 * supplied (a unique key), numbered from a locked counter row, so series are gap-free under races. The PDF is
 * rendered after the commit, on the first download, and stored: every download is the same bytes.
 */

type Billing = { gstin: string; legalName: string } | null;

/** The platform's own registration on its invoices, built once from the config checked at start (flows/money-events.ts). */
export const platformSupplier = (c: Parameters<typeof platformParty>[0]): Party => platformParty(c);
export type { Party } from './document.ts';

async function vendorParty(tx: Tx, vendorId: string): Promise<Party> {
  const [v, tax] = await Promise.all([supplierDetails(tx, vendorId), taxIdentity(tx, vendorId)]);
  const address = v ? [v.businessAddress, v.city].filter(Boolean).join(', ') : '';
  return { name: v?.businessName ?? '', legalName: tax?.legalName ?? null, gstin: tax?.gstin ?? null, address, state: stateOfGstin(tax?.gstin) };
}

function recipientParty(name: string, billing: Billing, address: string, state: string | undefined): Party {
  return { name, legalName: billing?.legalName ?? null, gstin: billing?.gstin ?? null, address, state: stateOfGstin(billing?.gstin) ?? stateOf(stateCodeOfName(state)) };
}

/** Claims, numbers and stores one document; nothing when `supplyKey` was invoiced already (under races too). */
async function issue(tx: Tx, key: { supplyKey: string; vendorId: string | null; customerId: string; orderId?: string; bookingId?: string; refersTo?: string }, document: InvoiceDocument, at: Date) {
  const fy = financialYear(at);
  const { series, format } = seriesOf({ vendorId: key.vendorId }, document.kind === 'credit_note');
  const t = document.totals;
  const claimed = await repo.claimInvoice(tx, {
    kind: document.kind, supplyKey: key.supplyKey, series, fy, issuedAt: at, vendorId: key.vendorId, customerId: key.customerId,
    orderId: key.orderId ?? null, bookingId: key.bookingId ?? null, refersTo: key.refersTo ?? null,
    taxablePaise: t.taxableValuePaise, cgstPaise: t.cgstPaise, sgstPaise: t.sgstPaise, igstPaise: t.igstPaise, totalPaise: t.totalPaise, document,
  });
  if (!claimed) return null;
  const seq = await repo.nextSeq(tx, series, fy);
  return repo.setNumber(tx, claimed.id, seq, format(fy, seq));
}

const orderAddress = (order: orders.OrderRow) => order.shippingAddress;
const oneLine = (parts: (string | undefined)[]) => parts.filter(Boolean).join(', ');

function orderRecipient(order: orders.OrderRow): { recipient: Party; addressState: ReturnType<typeof stateOf> } {
  const a = orderAddress(order);
  return {
    recipient: recipientParty(order.customerName, order.billing ?? null, oneLine([a.fullAddress, a.city, a.state, a.pincode]), a.state),
    addressState: stateOf(stateCodeOfName(a.state)),
  };
}

/**
 * A line was Delivered: the vendor's invoice for the order (all its lines not cancelled by now; a later cancel or
 * refund gets a credit note), and the platform's for the delivery fee, each once.
 */
export async function issueForDeliveredLine(tx: Tx, platform: Party, order: orders.OrderRow, line: orders.LineRow): Promise<void> {
  await issueVendorOrderInvoice(tx, order, line.vendorId);
  // The platform invoices only its own flat fee; a seller's own delivery is on the seller's invoice (decision 034).
  const platformFeePaise = orders.platformFeeOf(order, await orders.linesOfOrder(tx, order.id));
  if (platformFeePaise > 0) await issuePlatformOrderInvoice(tx, platform, order, platformFeePaise);
}

/**
 * The HSN and rate a line was sold under, recorded at placement (so a later change of the product alters no placed
 * sale); a line placed before they were recorded takes its category's default.
 */
function taxClassOfLine(line: orders.LineRow, category: string): TaxClass {
  if (line.hsn !== null && line.gstRatePercent !== null) {
    return { code: line.hsn, ratePercent: line.gstRatePercent, label: materialTaxClass(category, line.hsn, line.gstRatePercent).label };
  }
  return materialTaxClass(category);
}

async function issueVendorOrderInvoice(tx: Tx, order: orders.OrderRow, vendorId: string) {
  const supplyKey = `order:${order.id}:vendor:${vendorId}`;
  if (await repo.findBySupplyKey(tx, supplyKey)) return;
  const lines = (await orders.linesOfOrder(tx, order.id)).filter((l) => l.vendorId === vendorId && l.status !== 'Cancelled');
  const products = new Map((await findProductsForSale(tx, [...new Set(lines.map((l) => l.productId))])).map((p) => [p.id, p]));
  const items: Item[] = lines.map((l) => ({
    ref: l.id, description: l.productName, taxClass: taxClassOfLine(l, products.get(l.productId)?.category ?? ''),
    quantity: l.quantity, unit: products.get(l.productId)?.unit ?? 'unit', amountPaise: l.totalPricePaise,
  }));
  items.push(...freightItems(lines, items));
  const supplier = await vendorParty(tx, vendorId);
  const { recipient, addressState } = orderRecipient(order);
  const at = new Date();
  const document = buildInvoice({ supplier, recipient, place: placeOfSupply(addressState, supplier, recipient), items, at });
  await issue(tx, { supplyKey, vendorId, customerId: order.customerId, orderId: order.id }, document, at);
}

/**
 * The seller's own delivery on its invoice: with the goods it carries, it is a composite supply whose principal
 * supply is the goods (CGST Act s.2(30)), taxed at the principal supply's rate (s.8(a)); with goods at several rates,
 * the highest (decision record 034). One item per line's share, so a line's credit note takes its freight back too.
 */
function freightItems(lines: orders.LineRow[], goods: Item[]): Item[] {
  const principal = goods.reduce<Item | null>((top, g) => (!top || g.taxClass.ratePercent > top.taxClass.ratePercent ? g : top), null);
  if (!principal) return [];
  const taxClass = { ...principal.taxClass, label: `Delivery with the goods (composite supply, taxed as ${principal.description})` };
  return lines.filter((l) => l.deliveryFeePaise > 0).map((l) => ({
    ref: freightRef(l.id), description: `Delivery of ${l.productName}`, taxClass, quantity: 1, unit: 'delivery', amountPaise: l.deliveryFeePaise,
  }));
}
const freightRef = (lineId: string) => `freight:${lineId}`;

/**
 * A line's items on its seller's invoice (the goods, then its delivery share) as a credit of `amountPaise` gives them
 * back: whole, or for a smaller refund the goods first, then the freight.
 */
function lineCredit(lines: StoredLine[], lineId: string, amountPaise: number): StoredLine[] {
  let left = amountPaise;
  const picked: StoredLine[] = [];
  for (const l of [...lines.filter((x) => x.ref === lineId), ...lines.filter((x) => x.ref === freightRef(lineId))]) {
    if (left <= 0) break;
    picked.push(refundedPart(l, left));
    left -= l.totalPaise;
  }
  return picked;
}

async function issuePlatformOrderInvoice(tx: Tx, platform: Party, order: orders.OrderRow, feePaise: number) {
  const supplyKey = `order:${order.id}:platform`;
  if (await repo.findBySupplyKey(tx, supplyKey)) return;
  const { recipient, addressState } = orderRecipient(order);
  const at = new Date();
  const items: Item[] = [{ ref: `fee:${order.id}`, description: PLATFORM_TAX.deliveryFee.label, taxClass: PLATFORM_TAX.deliveryFee, quantity: 1, unit: 'order', amountPaise: feePaise }];
  const document = buildInvoice({ supplier: platform, recipient, place: placeOfSupply(addressState, platform, recipient), items, at });
  await issue(tx, { supplyKey, vendorId: null, customerId: order.customerId, orderId: order.id }, document, at);
}

/** A booking was Completed: the professional's invoice for its base price, the platform's for the service charge. */
export async function issueForCompletedBooking(tx: Tx, platform: Party, booking: bookings.BookingRow): Promise<void> {
  const a = booking.address;
  const contact = booking.customer;
  const account = contact.fullName ? null : await findCustomerContact(tx, booking.customerId);
  const recipient = recipientParty(contact.fullName || account?.fullName || '', booking.billing ?? null, oneLine([a.street, a.city, a.state, a.zip]), a.state);
  const addressState = stateOf(stateCodeOfName(a.state));
  const at = new Date();
  const pro = await supplierDetails(tx, booking.vendorId);
  const supplier = await vendorParty(tx, booking.vendorId);
  const service = serviceTaxClass(pro?.category ?? '');
  const serviceItem: Item = { ref: `booking:${booking.id}`, description: `${pro?.category ?? 'Service'} on ${booking.serviceDate} ${booking.serviceTime}`, taxClass: service, quantity: 1, unit: 'visit', amountPaise: booking.basePricePaise };
  // A multi-day job (decision record 042) is one line for the whole job: its days, and the site visit fee credited.
  if (booking.days) {
    const credit = booking.visitCreditPaise > 0 ? ` (less the site visit fee of ₹${(booking.visitCreditPaise / 100).toFixed(2)} already paid)` : '';
    Object.assign(serviceItem, { description: `${pro?.category ?? 'Service'}, ${booking.days.length}-day job from ${booking.days[0]} to ${booking.days[booking.days.length - 1]} at ${booking.serviceTime}${credit}`, unit: 'job' });
  }
  if (!(await repo.findBySupplyKey(tx, `booking:${booking.id}:vendor`))) {
    const document = buildInvoice({ supplier, recipient, place: placeOfSupply(addressState, supplier, recipient), items: [serviceItem], at });
    await issue(tx, { supplyKey: `booking:${booking.id}:vendor`, vendorId: booking.vendorId, customerId: booking.customerId, bookingId: booking.id }, document, at);
  }
  if (booking.serviceChargePaise > 0 && !(await repo.findBySupplyKey(tx, `booking:${booking.id}:platform`))) {
    const charge: Item = { ref: `charge:${booking.id}`, description: PLATFORM_TAX.serviceCharge.label, taxClass: PLATFORM_TAX.serviceCharge, quantity: 1, unit: 'booking', amountPaise: booking.serviceChargePaise };
    const document = buildInvoice({ supplier: platform, recipient, place: placeOfSupply(addressState, platform, recipient), items: [charge], at });
    await issue(tx, { supplyKey: `booking:${booking.id}:platform`, vendorId: null, customerId: booking.customerId, bookingId: booking.id }, document, at);
  }
}

interface CreditWork { supplyKey: (supplier: 'vendor' | 'platform') => string; invoiceKey: string; pick: (lines: StoredLine[]) => StoredLine[] }

/**
 * The part of an invoice line a refund gives back: the whole line, or for a smaller (partial) refund that amount
 * split at the line's rate, the same way as an invoice's line, so its taxes add up to the amount refunded.
 */
function refundedPart(line: StoredLine, amountPaise: number): StoredLine {
  if (amountPaise >= line.totalPaise) return line;
  return { ...line, ...splitInclusive(amountPaise, line.ratePercent, line.igstPaise === 0), totalPaise: amountPaise };
}

/**
 * Refunds were stored: each refund of something already invoiced (a line, the delivery fee, a booking) gets a
 * credit note that refers to its invoice, in the supplier's credit-note series. Taken in series order, so two
 * refunds touching the same suppliers lock their counters in the same order.
 */
export async function issueCreditNotes(tx: Tx, refunds: RefundRow[]): Promise<void> {
  const work: CreditWork[] = [];
  for (const refund of refunds) {
    const supplyKey = (supplier: 'vendor' | 'platform') => `refund:${refund.id}:${supplier}`;
    if (refund.lineId && refund.orderId) {
      const line = (await orders.linesOfOrder(tx, refund.orderId)).find((l) => l.id === refund.lineId);
      if (line) work.push({ supplyKey, invoiceKey: `order:${refund.orderId}:vendor:${line.vendorId}`, pick: (ls) => lineCredit(ls, line.id, refund.amountPaise) });
    } else if (refund.orderId && refund.reason === 'delivery fee') {
      work.push({ supplyKey, invoiceKey: `order:${refund.orderId}:platform`, pick: (ls) => ls });
    } else if (refund.bookingId) {
      work.push(...(await bookingCreditWork(tx, refund.bookingId, refund.amountPaise, supplyKey)));
    }
  }
  await issueInOrder(tx, work);
}

/**
 * A booking's refund is credited on the professional's invoice and the platform's (the service charge) in proportion
 * to what each invoiced, as the professional's transfer is reversed in proportion: a full refund credits both in
 * full, a partial one parts that add up to the refund exactly.
 */
async function bookingCreditWork(tx: Tx, bookingId: string, amountPaise: number, supplyKey: CreditWork['supplyKey']): Promise<CreditWork[]> {
  const keys = [`booking:${bookingId}:vendor`, `booking:${bookingId}:platform`];
  const invoiced = await Promise.all(keys.map(async (key) => {
    const row = await repo.findBySupplyKey(tx, key);
    return row?.number ? sumPaise(row.document.lines.map((l) => l.totalPaise)) : 0;
  }));
  const whole = sumPaise(invoiced);
  if (whole === 0) return [];
  const parts = splitPaise(Math.min(amountPaise, whole), invoiced);
  return keys.map((invoiceKey, i) => ({ supplyKey, invoiceKey, pick: (ls: StoredLine[]) => creditedLines(ls, parts[i]!) }));
}

/** The lines of one invoice a credit of `amountPaise` gives back, split across them by their totals. */
function creditedLines(lines: StoredLine[], amountPaise: number): StoredLine[] {
  if (amountPaise === 0) return [];
  const shares = splitPaise(amountPaise, lines.map((l) => l.totalPaise));
  return lines.flatMap((l, i) => (shares[i]! > 0 ? [refundedPart(l, shares[i]!)] : []));
}

/**
 * Lines were cancelled with nothing refunded (cash on delivery: nothing was paid yet, or the cash is handed back
 * outside the platform): each one already on its vendor's invoice gets a credit note of its own, once.
 */
export async function issueCreditNotesForCancelledLines(tx: Tx, order: orders.OrderRow, lines: orders.LineRow[]): Promise<void> {
  await issueInOrder(tx, lines.map((line) => ({
    supplyKey: () => `cancel:${line.id}`, invoiceKey: `order:${order.id}:vendor:${line.vendorId}`, pick: (ls: StoredLine[]) => ls.filter((l) => l.ref === line.id || l.ref === freightRef(line.id)),
  })));
}

async function issueInOrder(tx: Tx, work: CreditWork[]) {
  work.sort((a, b) => (a.invoiceKey < b.invoiceKey ? -1 : a.invoiceKey > b.invoiceKey ? 1 : 0));
  for (const w of work) await issueCreditNote(tx, w);
}

async function issueCreditNote(tx: Tx, w: CreditWork) {
  const invoice = await repo.findBySupplyKey(tx, w.invoiceKey);
  if (!invoice?.number) return;
  const lines = w.pick(invoice.document.lines);
  if (lines.length === 0) return;
  const at = new Date();
  const document = buildCreditNote({ id: invoice.id, number: invoice.number, document: invoice.document }, lines, at);
  await issue(tx, {
    supplyKey: w.supplyKey(invoice.vendorId ? 'vendor' : 'platform'), vendorId: invoice.vendorId, customerId: invoice.customerId, refersTo: invoice.id,
    ...(invoice.orderId ? { orderId: invoice.orderId } : {}), ...(invoice.bookingId ? { bookingId: invoice.bookingId } : {}),
  }, document, at);
}

// Reading them

/** Who asks: the buyer, the supplying vendor, or an operator whose role may read invoices (finance, admin). */
export type Viewer = { customerId: string } | { vendorId: string } | { operatorRole: OperatorRole };

const NOT_FOUND = 'Invoice not found.';

function mayRead(viewer: Viewer, row: repo.InvoiceRow): boolean {
  if ('customerId' in viewer) return row.customerId === viewer.customerId;
  if ('vendorId' in viewer) return row.vendorId === viewer.vendorId;
  return can(viewer.operatorRole, 'readInvoices');
}

const pdfUrlOf = (id: string) => `/api/invoices/${id}/pdf`;

function toWire(row: repo.InvoiceRow): Invoice {
  const d = row.document;
  return {
    id: row.id, kind: d.kind, title: d.title, number: row.number ?? '', date: d.date, issuedAt: row.issuedAt.toISOString(),
    supplier: d.supplier, recipient: d.recipient, placeOfSupply: d.placeOfSupply, reverseCharge: 'No', refersTo: d.refersTo,
    orderId: row.orderId, bookingId: row.bookingId, lines: d.lines.map(({ ref: _ref, ...line }) => line), totals: d.totals,
    amountInWords: d.amountInWords, pdfUrl: pdfUrlOf(row.id),
  };
}

function toSummary(row: repo.InvoiceRow): InvoiceSummary {
  const d = row.document;
  return {
    id: row.id, kind: d.kind, number: row.number ?? '', date: d.date, supplierName: d.supplier.legalName ?? d.supplier.name,
    recipientName: d.recipient.legalName ?? d.recipient.name, vendorId: row.vendorId, orderId: row.orderId, bookingId: row.bookingId,
    totalPaise: row.totalPaise, pdfUrl: pdfUrlOf(row.id),
  };
}

async function readable(db: Db, viewers: Viewer[], id: string): Promise<repo.InvoiceRow> {
  const row = await repo.findById(db, id);
  if (!row || !viewers.some((v) => mayRead(v, row))) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function getInvoice(db: Db, viewers: Viewer[], id: string): Promise<Invoice> {
  return toWire(await readable(db, viewers, id));
}

export async function listForCustomer(db: Db, customerId: string) {
  return { invoices: (await repo.listOfCustomer(db, customerId)).map(toSummary) };
}

export async function listForVendor(db: Db, vendorId: string) {
  return { invoices: (await repo.listOfVendor(db, vendorId)).map(toSummary) };
}

/**
 * The invoice's PDF: rendered on the first download (after the issuing commit, never inside it) and stored;
 * every later download reads the stored bytes. Racing first downloads render the same bytes (the PDF's dates and
 * id come from the invoice), and the first stored key wins.
 */
export async function invoicePdf(db: Db, dir: string, viewers: Viewer[], id: string): Promise<{ number: string; pdf: Buffer }> {
  const row = await readable(db, viewers, id);
  const number = row.number ?? '';
  if (row.pdfKey) {
    const stored = await readStoredPdf(dir, row.pdfKey);
    if (stored) return { number, pdf: stored };
  }
  const pdf = await renderInvoicePdf(toWire(row));
  const key = await storePdf(dir, row.id, pdf);
  await repo.setPdfKey(db, row.id, key);
  return { number, pdf };
}

// The reports (reports.ts): the platform's GSTR-8 statement, each vendor's sales register

const REPORT_MONTH = 'The month must be YYYY-MM (e.g. 2026-11).';

/** GSTR-8 for a month in India: TCS per registered supplier (the console's table). */
export async function gstr8Summary(db: Db, month: string): Promise<Gstr8Report> {
  const range = monthRange(month);
  if (!range) throw new AppError('BAD_REQUEST', REPORT_MONTH);
  return { month, suppliers: gstr8Suppliers(await repo.issuedBetween(db, range.from, range.to)) };
}

/** The same GSTR-8 figures as CSV (finance operators; `npm run gst:report`). */
export async function gstr8Report(db: Db, month: string): Promise<string> {
  return gstr8Csv(month, (await gstr8Summary(db, month)).suppliers);
}

/**
 * Every invoice and credit note for finance operators, newest first, filtered by month, supplier (name or email;
 * "platform" for the platform's own) and kind.
 */
export async function listForOps(db: Db, q: z.output<typeof ZOpsInvoiceListQuery>): Promise<OpsInvoiceList> {
  const range = q.month ? monthRange(q.month) : null;
  const platform = q.vendor?.toLowerCase() === 'platform';
  const vendorIds = q.vendor && !platform ? await findVendorIdsMatching(db, q.vendor) : undefined;
  const filter: repo.OpsInvoiceFilter = { ...(range ?? {}), platform, vendorIds, kind: q.kind };
  const at = (page: number) => repo.listForOps(db, filter, { limit: OPS_INVOICES_PAGE_SIZE, offset: (page - 1) * OPS_INVOICES_PAGE_SIZE });
  let page = q.page ?? 1;
  let found = await at(page);
  const pages = Math.max(1, Math.ceil(found.total / OPS_INVOICES_PAGE_SIZE));
  // A page past the end (the list shrank, or a typed URL) shows the last one.
  if (page > pages) {
    page = pages;
    found = await at(page);
  }
  return { invoices: found.rows.map(toSummary), total: found.total, page, pages };
}

/** The vendor's own sales register for a month (its GSTR-1). */
export async function salesRegister(db: Db, vendorId: string, month: string): Promise<string> {
  const range = monthRange(month);
  if (!range) throw new AppError('BAD_REQUEST', REPORT_MONTH);
  return salesRegisterCsv(await repo.issuedBetween(db, range.from, range.to, vendorId));
}
export type { InvoiceRow } from './repository.ts';
export type { InvoiceDocument } from './document.ts';
