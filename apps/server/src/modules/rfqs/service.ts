import {
  RFQ_LIMITS, RFQ_MSG, RFQ_UNIT_LABELS,
  type Rfq, type RfqMessage, type RfqQuote, type RfqUnit, type VendorRfq,
  type OpsRfq, type ZCounterAnswerBody, type ZCounterBody, type ZOpsRfqQuery, type ZDeclineBody, type ZRfqBody, type ZRfqQuoteBody,
} from '@nirmaan/shared/rfqs';
import { formatPaise, splitPaise, sumPaise } from '@nirmaan/shared/money';
import { unknownPincodeMessage } from '@nirmaan/shared/delivery';
import { todayInIndia } from '@nirmaan/shared/dates';
import { PHOTO_TYPES, type PrivateFile, type ProductPaymentMethod } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import * as auth from '../auth/service.ts';
import * as catalogue from '../catalogue/service.ts';
import * as delivery from '../delivery/service.ts';
import * as files from '../files/service.ts';
import { appendAudit, type Actor } from '../ops/service.ts';
import { taxIdentity } from '../payouts/service.ts';
import * as vendors from '../vendors/service.ts';
import * as whatsapp from '../whatsapp/service.ts';
import { newRequestEmail, quoteAcceptedEmail, quoteClosedEmail, quoteReceivedEmail, threadEmail, type ThreadStep } from './emails.ts';
import { landedPerUnit, landedTotal } from './landed.ts';
import * as repo from './repository.ts';

/**
 * Requests for quotes (issue 35, decision record 036): a customer's request routed to the nearest approved sellers
 * of each category who deliver to the site, the sellers' quotes priced here to a landed total, revisions as new
 * versions, declines, and the acceptance's checks (the accept-quote flow turns the quote into an order). The only
 * door into this module.
 */

type RfqBody = z.output<typeof ZRfqBody>;
type QuoteBody = z.output<typeof ZRfqQuoteBody>;
type DeclineBody = z.output<typeof ZDeclineBody>;
type CounterBody = z.output<typeof ZCounterBody>;
type CounterAnswerBody = z.output<typeof ZCounterAnswerBody>;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** The newest requests a list answers. */
const LIST_LIMIT = 100;

// ─── The request ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The sellers a request goes to: for each category, the nearest approved sellers (at most 10) whose own delivery
 * area takes in the PIN and who have a live product of it; their union, each with its distance.
 */
async function route(db: Db, pin: NonNullable<ReturnType<typeof delivery.findPincode>>, categories: string[]) {
  const serving = await delivery.sellersServing(db, pin);
  const approved = await vendors.sellerCards(db, serving.map((s) => s.vendorId), { approvedOnly: true });
  const candidates = serving.filter((s) => approved.has(s.vendorId));
  const chosen = new Map<string, number>();
  for (const category of new Set(categories)) {
    const sellers = new Set((await catalogue.liveProductsOfVendorsInCategory(db, candidates.map((c) => c.vendorId), category)).map((p) => p.vendorId));
    for (const c of candidates.filter((c) => sellers.has(c.vendorId)).slice(0, RFQ_LIMITS.sellersPerCategory)) chosen.set(c.vendorId, c.distanceKm);
  }
  return chosen;
}

/** The files a request names: the customer's own uploads, at most 5 photos and one bill of quantities (400 otherwise). */
async function checkFiles(tx: Tx, customerId: string, fileIds: string[]) {
  if (fileIds.length === 0) return;
  const named = await files.ownedFiles(tx, fileIds, { kind: 'customer', id: customerId }, 'fileIds');
  const photos = named.filter((f) => (PHOTO_TYPES as readonly string[]).includes(f.contentType)).length;
  if (photos > RFQ_LIMITS.photosPerRequest) throw fieldError('fileIds', RFQ_MSG.tooManyPhotos);
  if (named.length - photos > RFQ_LIMITS.boqPerRequest) throw fieldError('fileIds', RFQ_MSG.oneBoq);
}

/**
 * POST /api/rfqs: the customer's request, routed and mailed to its sellers in one transaction. The customer's row
 * is locked first, so 40 racing requests count the open ones one after another: at most 5 are open at once. Its
 * files are attached in the same transaction, each once (decision record 045): a file already on another request
 * refuses the whole request, and nothing of it is written.
 */
export async function createRfq(db: Db, customerId: string, body: RfqBody, now = new Date()): Promise<Rfq> {
  const pin = delivery.findPincode(body.pincode);
  if (!pin) throw fieldError('pincode', unknownPincodeMessage(body.pincode));
  if (body.neededBy.to < todayInIndia(now)) throw fieldError('neededBy.to', 'The needed-by window is already over. Please choose dates from today.');
  const sellers = await route(db, pin, body.items.map((i) => i.category));
  if (sellers.size === 0) throw new AppError('CONFLICT', RFQ_MSG.noSellers);
  const id = await db.transaction(async (tx) => {
    const customer = await auth.lockCustomer(tx, customerId);
    if (!customer || customer.blockedAt) throw new AppError('FORBIDDEN', 'Your account cannot ask for quotes. Please contact support.');
    if ((await repo.countCollecting(tx, customerId, now)) >= RFQ_LIMITS.openPerCustomer) throw new AppError('CONFLICT', RFQ_MSG.tooManyOpen);
    const fileIds = body.fileIds ?? [];
    await checkFiles(tx, customerId, fileIds);
    const closesAt = new Date(now.getTime() + body.quoteDays * DAY_MS);
    const rfq = await repo.insertRfq(tx, {
      customerId, pincode: pin.pincode, neededFrom: body.neededBy.from, neededTo: body.neededBy.to, floors: body.floors, notes: body.notes,
      quoteDays: body.quoteDays, closesAt, createdAt: now,
    });
    await repo.insertItems(tx, body.items.map((i, position) => ({ rfqId: rfq.id, position, ...i })));
    if ((await repo.attachFiles(tx, rfq.id, fileIds, now)) < fileIds.length) throw new AppError('CONFLICT', RFQ_MSG.fileAttached);
    await repo.insertSellers(tx, [...sellers].map(([vendorId, distanceKm]) => ({ rfqId: rfq.id, vendorId, distanceKm, createdAt: now })));
    const items = body.items.map(itemLine);
    for (const [vendorId, v] of await vendors.vendorContacts(tx, [...sellers.keys()])) {
      await enqueueEmail(tx, newRequestEmail(v.email, { lang: v.language, owner: v.ownerName, rfqId: rfq.id, items, pincode: pin.pincode, closesAt }));
      await whatsapp.notify(tx, { party: 'vendor', id: vendorId }, 'vendor_new_rfq', [v.ownerName, items.join('; ').slice(0, 500), pin.pincode, indiaTime(closesAt)], { ref: { rfqId: rfq.id } });
    }
    return rfq.id;
  });
  return getRfq(db, customerId, id, now);
}

/** A moment as India reads it on a WhatsApp message: `2026-11-30 18:00 IST`. */
const indiaTime = (at: Date) => `${new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ')} IST`;

const itemLine = (i: { category: string; description: string; quantity: number; unit: string }) =>
  `${i.category}, ${i.description}: ${i.quantity} ${RFQ_UNIT_LABELS[i.unit as RfqUnit] ?? i.unit}`;

/** GET /api/rfqs: the customer's requests, newest first, each with its quotes. */
export async function listRfqs(db: Db, customerId: string, now = new Date()): Promise<{ rfqs: Rfq[] }> {
  return { rfqs: await customerViews(db, await repo.listRfqsOfCustomer(db, customerId, LIST_LIMIT), now) };
}

/** GET /api/rfqs/{id}: the customer's own request (another's is unknown here). */
export async function getRfq(db: Db, customerId: string, id: string, now = new Date()): Promise<Rfq> {
  const rfq = await repo.findRfq(db, id);
  if (!rfq || rfq.customerId !== customerId) throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
  return (await customerViews(db, [rfq], now))[0]!;
}

/** POST /api/rfqs/{id}/cancel: the buyer withdraws an open request; the sellers with a live quote are told. */
export async function cancelRfq(db: Db, customerId: string, id: string, now = new Date()): Promise<Rfq> {
  await db.transaction(async (tx) => {
    const rfq = await repo.lockRfq(tx, id);
    if (!rfq || rfq.customerId !== customerId) throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
    const live = (await repo.quotesOf(tx, [id])).filter((q) => q.status === 'live').map((q) => q.vendorId);
    if (!(await repo.cancel(tx, id))) throw new AppError('CONFLICT', RFQ_MSG.notOpen);
    await mailClosed(tx, id, live, 'cancelled');
  });
  return getRfq(db, customerId, id, now);
}

/**
 * POST /api/rfqs/{id}/files: the buyer adds files it forgot (a bill of quantities, more photos) while the request
 * collects quotes (decision record 050). The request's row is locked before its files are counted, so 40 racing
 * calls count one after another: with those already on it, at most 5 photos and one bill of quantities. A file on
 * another request refuses the call whole (the primary key of `rfq_files`). Sellers read them on the request; no
 * mail or message is sent for it, as none is for any change of a request.
 */
export async function addFiles(db: Db, customerId: string, id: string, fileIds: string[], now = new Date()): Promise<Rfq> {
  await db.transaction(async (tx) => {
    const rfq = await repo.lockRfq(tx, id);
    if (!rfq || rfq.customerId !== customerId) throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
    if (!collecting(rfq, now)) throw new AppError('CONFLICT', RFQ_MSG.filesClosed);
    const onIt = (await repo.fileIdsOf(tx, [id])).map((r) => r.fileId);
    if (fileIds.some((f) => onIt.includes(f))) throw fieldError('fileIds', RFQ_MSG.alreadyOnRequest);
    await checkFiles(tx, customerId, [...onIt, ...fileIds]);
    if ((await repo.attachFiles(tx, id, fileIds, now, onIt.length)) < fileIds.length) throw new AppError('CONFLICT', RFQ_MSG.fileAttached);
  });
  return getRfq(db, customerId, id, now);
}

async function mailClosed(tx: Tx, rfqId: string, vendorIds: string[], why: 'another' | 'cancelled' | 'hidden') {
  for (const v of (await vendors.vendorContacts(tx, vendorIds)).values()) await enqueueEmail(tx, quoteClosedEmail(v.email, { lang: v.language, owner: v.ownerName, rfqId, why }));
}

/**
 * For the private files' access rule (GET /api/files/{id}): a seller may read the files of a request routed to it,
 * as long as an operator has not hidden the request (decision record 045).
 */
export const isFileOfRequestRoutedTo = (db: Db, vendorId: string, fileId: string) => repo.isFileRoutedTo(db, vendorId, fileId);

/** Whether the file is on a request: such files are always downloaded, never opened on our origin. */
export const isRequestFile = (db: Db, fileId: string) => repo.isRequestFile(db, fileId);

// ─── Views ──────────────────────────────────────────────────────────────────────────────────────────────────────

const iso = (d: Date) => d.toISOString();
const collecting = (rfq: repo.RfqRow, now: Date) => rfq.state === 'open' && rfq.closesAt > now;

function baseView(rfq: repo.RfqRow, items: repo.ItemRow[], now: Date, attached: PrivateFile[] = []) {
  return {
    _id: rfq.id, state: rfq.state as Rfq['state'], collecting: collecting(rfq, now),
    items: items.map((i) => ({ _id: i.id, category: i.category, description: i.description, quantity: i.quantity, unit: i.unit as RfqUnit })),
    pincode: rfq.pincode, district: delivery.findPincode(rfq.pincode)?.district ?? null, neededBy: { from: rfq.neededFrom, to: rfq.neededTo },
    floors: rfq.floors, notes: rfq.notes, quoteDays: rfq.quoteDays, closesAt: iso(rfq.closesAt), createdAt: iso(rfq.createdAt),
    acceptedQuoteId: rfq.acceptedQuoteId, orderId: rfq.orderId, files: attached,
  };
}

/** Each request's attached files, in their order. */
async function filesOf(db: Db | Tx, rfqIds: string[]): Promise<Map<string, PrivateFile[]>> {
  const rows = await repo.fileIdsOf(db, rfqIds);
  const described = new Map((await files.describeFiles(db, rows.map((r) => r.fileId))).map((f) => [f.id, f]));
  const out = new Map<string, PrivateFile[]>();
  for (const r of rows) if (described.has(r.fileId)) out.set(r.rfqId, [...(out.get(r.rfqId) ?? []), described.get(r.fileId)!]);
  return out;
}

type Card = { id: string; businessName: string; ratingSum: number; ratingCount: number };

async function quoteViews(db: Db | Tx, quotes: repo.QuoteRow[], itemsOfRfq: Map<string, repo.ItemRow[]>): Promise<RfqQuote[]> {
  const ids = [...new Set(quotes.map((q) => q.vendorId))];
  const cards = await vendors.sellerCards(db, ids, { approvedOnly: false });
  const gstin = new Map(await Promise.all(ids.map(async (id) => [id, Boolean((await taxIdentity(db, id))?.gstin)] as const)));
  return quotes.map((q) => quoteView(q, cards.get(q.vendorId), gstin.get(q.vendorId) ?? false, itemsOfRfq.get(q.rfqId) ?? []));
}

function quoteView(q: repo.QuoteRow, card: Card | undefined, gstinVerified: boolean, items: repo.ItemRow[]): RfqQuote {
  return {
    _id: q.id, version: q.version, status: q.status as RfqQuote['status'],
    vendor: {
      _id: q.vendorId, businessName: card?.businessName ?? 'Seller', gstinVerified,
      rating: card && card.ratingCount > 0 ? Math.round((card.ratingSum / card.ratingCount) * 10) / 10 : null, ratingCount: card?.ratingCount ?? 0,
    },
    items: q.items, freightPaise: q.freightPaise, freightProposedPaise: q.freightProposedPaise, freightReason: q.freightReason,
    unloadingPaise: q.unloadingPaise, partLoadPaise: q.partLoadPaise, materialPaise: q.materialPaise, gstPaise: q.gstPaise,
    landedTotalPaise: q.landedTotalPaise, landedPerUnitPaise: landedPerUnit(q.landedTotalPaise, items),
    earliestDate: q.earliestDate, validUntil: iso(q.validUntil), paymentTerms: q.paymentTerms as RfqQuote['paymentTerms'], notes: q.notes, createdAt: iso(q.createdAt),
  };
}

function messageView(m: repo.MessageRow): RfqMessage {
  return {
    _id: m.id, vendorId: m.vendorId, author: m.author as RfqMessage['author'], kind: m.kind as RfqMessage['kind'], quoteId: m.quoteId,
    proposedTotalPaise: m.proposedTotalPaise, proposedUnitPaise: m.proposedUnitPaise, itemId: m.itemId, body: m.body, createdAt: iso(m.createdAt),
  };
}

/** Live and accepted quotes first, cheapest landed total first; then the older versions and closed ones, newest first. */
function compareQuotes(a: RfqQuote, b: RfqQuote) {
  const rank = (q: RfqQuote) => (q.status === 'live' || q.status === 'accepted' ? 0 : 1);
  return rank(a) - rank(b) || (rank(a) === 0 ? a.landedTotalPaise - b.landedTotalPaise : b.createdAt.localeCompare(a.createdAt));
}

function byRfq<T extends { rfqId: string }>(rows: T[]) {
  const m = new Map<string, T[]>();
  for (const r of rows) m.set(r.rfqId, [...(m.get(r.rfqId) ?? []), r]);
  return m;
}

async function customerViews(db: Db, rows: repo.RfqRow[], now: Date): Promise<Rfq[]> {
  const ids = rows.map((r) => r.id);
  const [items, quotes, counts] = [byRfq(await repo.itemsOf(db, ids)), await repo.quotesOf(db, ids), await repo.sellerCounts(db, ids)];
  const awards = byRfq(await repo.awardsOf(db, ids));
  const attached = await filesOf(db, ids);
  const views = byRfq((await quoteViews(db, quotes, items)).map((v, i) => ({ ...v, rfqId: quotes[i]!.rfqId })));
  const out: Rfq[] = [];
  for (const r of rows) {
    out.push({
      ...baseView(r, items.get(r.id) ?? [], now, attached.get(r.id)), sellerCount: counts.get(r.id) ?? 0,
      quotes: (views.get(r.id) ?? []).map(({ rfqId: _, ...q }) => q).sort(compareQuotes),
      messages: (await repo.messagesOf(db, r.id)).map(messageView),
      awards: (awards.get(r.id) ?? []).map((a) => ({ itemId: a.itemId, quoteId: a.quoteId })),
    });
  }
  return out;
}

/**
 * The seller's view: the request, its own quotes only, and the buyer's contact once the buyer accepted this
 * seller's quote (never before, never to another seller).
 */
async function vendorViews(db: Db | Tx, vendorId: string, rows: { rfq: repo.RfqRow; seller: repo.SellerRow }[], now: Date): Promise<VendorRfq[]> {
  const ids = rows.map((r) => r.rfq.id);
  const items = byRfq(await repo.itemsOf(db, ids));
  const attached = await filesOf(db, ids);
  const mine = await repo.quotesOf(db, ids, vendorId);
  const views = byRfq((await quoteViews(db, mine, items)).map((v, i) => ({ ...v, rfqId: mine[i]!.rfqId })));
  const out: VendorRfq[] = [];
  for (const { rfq, seller } of rows) {
    const own = (views.get(rfq.id) ?? []).map(({ rfqId: _, ...q }) => q);
    // Won: this seller's quote was accepted (the whole request, or its items of a split).
    const mine = rfq.state === 'accepted' ? own.find((q) => q.status === 'accepted') : undefined;
    const won = mine !== undefined;
    const contact = won ? await auth.findCustomerContact(db, rfq.customerId) : undefined;
    out.push({
      ...baseView(rfq, items.get(rfq.id) ?? [], now, attached.get(rfq.id)),
      // Another seller's order is not this seller's business.
      acceptedQuoteId: mine?._id ?? null, orderId: won ? rfq.orderId : null,
      distanceKm: seller.distanceKm, declined: seller.declinedAt !== null,
      buyer: contact ? { name: contact.fullName, phone: contact.phone ?? null, email: contact.email } : null,
      myQuotes: own,
      messages: (await repo.messagesOf(db, rfq.id, vendorId)).map(messageView),
    });
  }
  return out;
}

/** GET /api/vendor/rfqs: the requests routed to the seller, newest first. */
export async function listVendorRfqs(db: Db, vendorId: string, now = new Date()): Promise<{ rfqs: VendorRfq[] }> {
  return { rfqs: await vendorViews(db, vendorId, await repo.listRfqsOfVendor(db, vendorId, LIST_LIMIT), now) };
}

async function routedTo(db: Db | Tx, vendorId: string, id: string) {
  const [rfq, seller] = [await repo.findRfq(db, id), await repo.findSeller(db, id, vendorId)];
  // A request not routed to this seller, or hidden by an operator, is unknown here.
  if (!rfq || !seller || rfq.state === 'hidden') throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
  return { rfq, seller };
}

/** GET /api/vendor/rfqs/{id}: one request routed to the seller, with what its rate card proposes for the load. */
export async function getVendorRfq(db: Db, vendorId: string, id: string, now = new Date()): Promise<VendorRfq> {
  const { rfq, seller } = await routedTo(db, vendorId, id);
  const [view] = await vendorViews(db, vendorId, [{ rfq, seller }], now);
  const items = await repo.itemsOf(db, [id]);
  const choices = await Promise.all(items.map(async (i) => ({ item: i, live: await catalogue.liveProductsOfVendorsInCategory(db, [vendorId], i.category) })));
  const chosen = await productsFor(db, vendorId, items, []);
  const lines = items.flatMap((i) => (chosen.get(i.id) ? [{ product: chosen.get(i.id)!, quantity: i.quantity }] : []));
  const proposal = lines.length > 0
    ? await delivery.freightProposal(db, vendorId, rfq.pincode, lines, rfq.floors, now)
    : { served: false, reason: 'List a product of these categories to quote.', freightPaise: 0, unloadingPaise: 0, distanceKm: null, dates: [] };
  return {
    ...view!,
    proposal: {
      ...proposal,
      products: items.map((i) => ({ itemId: i.id, productId: chosen.get(i.id)?.id ?? null, productName: chosen.get(i.id)?.name ?? null, pricePaise: chosen.get(i.id)?.pricePaise ?? null })),
      choices: choices.map(({ item, live }) => ({
        itemId: item.id,
        products: live.map((p) => ({ productId: p.id, name: p.name, unit: p.unit, pricePaise: p.pricePaise, stock: p.stock, hsn: p.hsn, gstRatePercent: p.gstRatePercent })),
      })),
    },
  };
}

// ─── Quotes ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The product each item is sold as: the one the seller named (a live product of its own in the item's category),
 * else its cheapest live product of the category that has the quantity in stock, else its cheapest; absent when it
 * has none.
 */
async function productsFor(db: Db | Tx, vendorId: string, items: repo.ItemRow[], named: { itemId: string; productId?: string | undefined }[]) {
  const chosen = new Map<string, catalogue.ProductForSale>();
  for (const item of items) {
    const live = await catalogue.liveProductsOfVendorsInCategory(db, [vendorId], item.category);
    const wanted = named.find((n) => n.itemId === item.id)?.productId;
    // Without a choice: the cheapest that has the quantity in stock, else the cheapest (the quote then names the shortfall).
    const product = wanted ? live.find((p) => p.id === wanted) : live.find((p) => p.stock >= item.quantity) ?? live[0];
    if (wanted && !product) throw fieldError('items.productId', `That product is not one of your live ${item.category} products.`);
    if (product) chosen.set(item.id, product);
  }
  return chosen;
}

/**
 * POST /api/vendor/rfqs/{id}/quotes: the seller's quote, or its revision (the next version; the previous live one
 * is superseded and kept). Every item is priced once; the server computes GST from the GST-inclusive unit prices,
 * the landed total and the validity; freight that differs from the rate card's proposal needs a reason. The
 * request is locked, so a revision and an acceptance take turns.
 */
export async function submitQuote(db: Db, vendorId: string, id: string, body: QuoteBody, now = new Date()): Promise<VendorRfq> {
  await db.transaction(async (tx) => {
    const rfq = await repo.lockRfq(tx, id);
    const seller = await repo.findSeller(tx, id, vendorId);
    if (!rfq || !seller || rfq.state === 'hidden') throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
    if (rfq.state !== 'open') throw new AppError('CONFLICT', RFQ_MSG.notOpen);
    if (rfq.closesAt <= now) throw new AppError('CONFLICT', RFQ_MSG.collectionOver);
    if (seller.declinedAt) throw new AppError('CONFLICT', RFQ_MSG.declined);
    const items = await repo.itemsOf(tx, [id]);
    const priced = new Set(body.items.map((i) => i.itemId));
    if (priced.size !== body.items.length || priced.size !== items.length || items.some((i) => !priced.has(i.id))) {
      throw fieldError('items', 'Please price every item of the request, each once.');
    }
    const products = await productsFor(tx, vendorId, items, body.items);
    const missing = items.find((i) => !products.has(i.id));
    if (missing) throw fieldError('items', `List a ${missing.category} product in your catalogue first: the order will carry it.`);
    const soldAs = items.map((i) => products.get(i.id)!.id);
    const twice = items.find((_, k) => soldAs.indexOf(soldAs[k]!) !== k);
    if (twice) throw fieldError('items.productId', `Two items would be sold as ${products.get(twice.id)!.name}: please name a different product (productId) for each.`);
    for (const item of items) {
      const p = products.get(item.id)!;
      if (p.stock < item.quantity) throw fieldError('items', `Only ${p.stock} of ${p.name} in stock. Raise its stock in Products before quoting ${item.quantity}.`);
    }
    const lines = items.map((i) => ({ product: products.get(i.id)!, quantity: i.quantity }));
    const proposal = await delivery.freightProposal(tx, vendorId, rfq.pincode, lines, rfq.floors, now);
    const proposed = proposal.served ? proposal.freightPaise : null;
    if (body.freightPaise !== proposed && !body.freightReason) throw fieldError('freightReason', RFQ_MSG.freightReason);
    const charges = { freightPaise: body.freightPaise, unloadingPaise: body.unloadingPaise, partLoadPaise: body.partLoadPaise };
    const landed = landedTotal(items.map((i) => ({
      itemId: i.id, quantity: i.quantity, unitPricePaise: body.items.find((b) => b.itemId === i.id)!.unitPricePaise, product: products.get(i.id)!,
    })), charges);
    const version = (await repo.lastVersion(tx, id, vendorId)) + 1;
    await repo.endLiveQuotesOf(tx, id, vendorId, 'superseded');
    const inserted = await repo.insertQuote(tx, {
      rfqId: id, vendorId, version, status: 'live', items: landed.items, ...charges,
      freightProposedPaise: proposed, freightReason: body.freightPaise !== proposed ? body.freightReason! : null,
      materialPaise: landed.materialPaise, gstPaise: landed.gstPaise, landedTotalPaise: landed.landedTotalPaise,
      earliestDate: body.earliestDate ?? proposal.dates[0] ?? null, validUntil: new Date(now.getTime() + body.validHours * HOUR_MS),
      paymentTerms: [...new Set(body.paymentTerms)], notes: body.notes, createdAt: now,
    });
    if (version > 1) {
      await repo.insertMessage(tx, { rfqId: id, vendorId, author: 'seller', kind: 'revised', quoteId: inserted.id, proposedTotalPaise: landed.landedTotalPaise, body: body.notes, createdAt: now });
    }
    const buyer = (await auth.findCustomerContact(tx, rfq.customerId))!;
    const name = (await vendors.vendorNames(tx, [vendorId])).get(vendorId) ?? 'A seller';
    await enqueueEmail(tx, quoteReceivedEmail(buyer.email, { lang: buyer.language, name: buyer.fullName, rfqId: id, seller: name, version, landedTotalPaise: landed.landedTotalPaise }));
    await whatsapp.notify(tx, { party: 'customer', id: rfq.customerId }, 'rfq_quote_received', [buyer.fullName, name, id.slice(0, 8).toUpperCase(), formatPaise(landed.landedTotalPaise)], { ref: { rfqId: id } });
  });
  return getVendorRfq(db, vendorId, id, now);
}

/** POST /api/vendor/rfqs/{id}/decline: the seller will not quote (its live quote, if any, closes). Once only. */
export async function declineRfq(db: Db, vendorId: string, id: string, body: DeclineBody, now = new Date()): Promise<VendorRfq> {
  await db.transaction(async (tx) => {
    const rfq = await repo.lockRfq(tx, id);
    const seller = await repo.findSeller(tx, id, vendorId);
    if (!rfq || !seller || rfq.state === 'hidden') throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
    if (rfq.state !== 'open') throw new AppError('CONFLICT', RFQ_MSG.notOpen);
    if (!(await repo.declineSeller(tx, id, vendorId, body.reason))) throw new AppError('CONFLICT', RFQ_MSG.declined);
    await repo.endLiveQuotesOf(tx, id, vendorId, 'closed');
  });
  return (await vendorViews(db, vendorId, [await routedTo(db, vendorId, id)], now))[0]!;
}

// ─── Acceptance (the accept-quote flow runs these in the order's transaction) ──────────────────────────────────

export interface ClaimedPart { quote: repo.QuoteRow; itemIds: string[] }
export interface Claimed { rfq: repo.RfqRow; items: repo.ItemRow[]; parts: ClaimedPart[]; closedVendorIds: string[] }

function assertAcceptable(quote: repo.QuoteRow | undefined, method: ProductPaymentMethod, now: Date): asserts quote is repo.QuoteRow {
  if (!quote) throw new AppError('NOT_FOUND', RFQ_MSG.quoteNotFound);
  if (quote.status === 'superseded') throw new AppError('CONFLICT', RFQ_MSG.superseded);
  if (quote.status !== 'live') throw new AppError('CONFLICT', RFQ_MSG.quoteClosed);
  if (quote.validUntil <= now) throw new AppError('CONFLICT', RFQ_MSG.expired);
  const term = method === 'cod' ? 'cod' : 'online';
  if (!quote.paymentTerms.includes(term)) {
    throw fieldError('paymentMethod', term === 'cod' ? RFQ_MSG.codNotAllowed : 'This seller takes cash on delivery only for this quote.');
  }
}

/**
 * Inside the order's transaction: the buyer's request is locked, each quote checked (this request's, its seller's
 * newest version, still valid, taking this payment method) and accepted — whole, or for the items picked from it
 * (a split: one quote per item) — and every other live quote closed. A second acceptance, racing or later, waits
 * for the lock and then finds the request accepted: 409.
 */
export async function claimQuotes(
  tx: Tx, customerId: string, rfqId: string, picks: { quoteId: string; itemIds: string[] | null }[], method: ProductPaymentMethod, now: Date,
): Promise<Claimed> {
  const rfq = await repo.lockRfq(tx, rfqId);
  if (!rfq || rfq.customerId !== customerId) throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
  if (rfq.state === 'accepted') throw new AppError('CONFLICT', RFQ_MSG.alreadyAccepted);
  if (rfq.state !== 'open') throw new AppError('CONFLICT', RFQ_MSG.notOpen);
  const items = await repo.itemsOf(tx, [rfqId]);
  const parts: ClaimedPart[] = [];
  for (const pick of picks) {
    const quote = await repo.findQuote(tx, rfqId, pick.quoteId);
    assertAcceptable(quote, method, now);
    const itemIds = pick.itemIds ?? quote.items.map((i) => i.itemId);
    const missing = itemIds.find((id) => !quote.items.some((i) => i.itemId === id));
    if (missing) throw fieldError('picks', RFQ_MSG.itemNotInQuote);
    parts.push({ quote, itemIds });
  }
  const { accepted, closedVendorIds } = await repo.accept(tx, rfqId, parts[0]!.quote.id, parts.map((p) => ({ quoteId: p.quote.id, itemIds: p.itemIds })));
  if (!accepted) throw new AppError('CONFLICT', RFQ_MSG.alreadyAccepted);
  return { rfq, items, parts, closedVendorIds };
}

/** One quote accepted whole (the single acceptance). */
export const claimQuote = (tx: Tx, customerId: string, rfqId: string, quoteId: string, method: ProductPaymentMethod, now: Date) =>
  claimQuotes(tx, customerId, rfqId, [{ quoteId, itemIds: null }], method, now);

/** A part's lines (the items picked from its quote) and their landed amount: material plus their share of the charges. */
export function partLines(part: ClaimedPart) {
  const { quote } = part;
  const charges = chargesOf(quote);
  const shares = splitPaise(charges, quote.items.map((i) => i.materialPaise));
  const picked = quote.items.map((line, k) => ({ line, feePaise: shares[k]! })).filter(({ line }) => part.itemIds.includes(line.itemId));
  return { picked, landedPaise: sumPaise(picked.flatMap((p) => [p.line.materialPaise, p.feePaise])) };
}

/** Inside the order's transaction, once the order exists: the request points at it, the winners and the others are mailed. */
export async function afterAccepted(tx: Tx, claimed: Claimed, orderId: string) {
  await repo.setOrder(tx, claimed.rfq.id, orderId);
  const winners = claimed.parts.map((p) => p.quote.vendorId);
  const contacts = await vendors.vendorContacts(tx, winners);
  for (const part of claimed.parts) {
    const winner = contacts.get(part.quote.vendorId);
    if (winner) await enqueueEmail(tx, quoteAcceptedEmail(winner.email, { lang: winner.language, owner: winner.ownerName, rfqId: claimed.rfq.id, orderId, landedTotalPaise: partLines(part).landedPaise }));
  }
  await mailClosed(tx, claimed.rfq.id, claimed.closedVendorIds.filter((v) => !winners.includes(v)), 'another');
}

// ─── Counter-offers ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/rfqs/{id}/counter: the buyer proposes a landed total, or one item's unit price, on a seller's live
 * quote; the seller is mailed. The request is locked, so a counter and an acceptance or revision take turns.
 */
export async function counter(db: Db, customerId: string, id: string, body: CounterBody, now = new Date()): Promise<Rfq> {
  await db.transaction(async (tx) => {
    const rfq = await repo.lockRfq(tx, id);
    if (!rfq || rfq.customerId !== customerId) throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
    if (rfq.state !== 'open') throw new AppError('CONFLICT', RFQ_MSG.notOpen);
    const quote = await repo.findQuote(tx, id, body.quoteId);
    if (!quote) throw new AppError('NOT_FOUND', RFQ_MSG.quoteNotFound);
    if (quote.status === 'superseded') throw new AppError('CONFLICT', RFQ_MSG.superseded);
    if (quote.status !== 'live') throw new AppError('CONFLICT', RFQ_MSG.quoteClosed);
    if (body.itemId && !quote.items.some((i) => i.itemId === body.itemId)) throw fieldError('itemId', 'That item is not in this quote.');
    if (body.totalPaise !== undefined && body.totalPaise <= chargesOf(quote)) throw fieldError('totalPaise', RFQ_MSG.counterBelowCharges);
    await repo.insertMessage(tx, {
      rfqId: id, vendorId: quote.vendorId, author: 'buyer', kind: 'counter', quoteId: quote.id, proposedTotalPaise: body.totalPaise ?? null,
      proposedUnitPaise: body.unitPricePaise ?? null, itemId: body.itemId ?? null, body: body.message, createdAt: now,
    });
    const step: { step: ThreadStep; values: Record<string, string> } = body.totalPaise !== undefined
      ? { step: 'counterTotal', values: { amount: formatPaise(body.totalPaise), was: formatPaise(quote.landedTotalPaise) } }
      : { step: 'counterUnit', values: { amount: formatPaise(body.unitPricePaise!), product: quote.items.find((i) => i.itemId === body.itemId)!.productName } };
    const v = (await vendors.vendorContacts(tx, [quote.vendorId])).get(quote.vendorId);
    if (v) await enqueueEmail(tx, threadEmail(v.email, { lang: v.language, name: v.ownerName, rfqId: id, ...step }));
  });
  return getRfq(db, customerId, id, now);
}

const chargesOf = (q: Pick<repo.QuoteRow, 'freightPaise' | 'unloadingPaise' | 'partLoadPaise'>) => sumPaise([q.freightPaise, q.unloadingPaise, q.partLoadPaise]);

/** Unit prices scaled down so the material comes to `targetPaise` or just under (each unit price rounded down, in BigInt). */
function scaledUnitPrices(items: repo.QuoteRow['items'], targetPaise: number) {
  const material = BigInt(sumPaise(items.map((i) => i.materialPaise)));
  return items.map((i) => Number((BigInt(i.unitPricePaise) * BigInt(targetPaise)) / material));
}

/**
 * POST /api/vendor/rfqs/{id}/counter-answer: the seller answers the buyer's latest counter-offer. Accept: a new
 * version at the buyer's figure (a unit price as proposed; a total by scaling the unit prices down, the charges
 * kept, so the landed total is the buyer's total or a few paise under), with the same validity and terms. Counter:
 * the seller's own total, for the buyer to accept (the seller then revises) or counter again. Decline: the quote
 * stays as it was. Each answer is mailed to the buyer.
 */
export async function answerCounter(db: Db, vendorId: string, id: string, body: CounterAnswerBody, now = new Date()): Promise<VendorRfq> {
  await db.transaction(async (tx) => {
    const rfq = await repo.lockRfq(tx, id);
    const seller = await repo.findSeller(tx, id, vendorId);
    if (!rfq || !seller || rfq.state === 'hidden') throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
    if (rfq.state !== 'open') throw new AppError('CONFLICT', RFQ_MSG.notOpen);
    const last = (await repo.messagesOf(tx, id, vendorId)).at(-1);
    const live = (await repo.quotesOf(tx, [id], vendorId)).find((q) => q.status === 'live');
    if (!last || last.author !== 'buyer' || last.kind !== 'counter' || !live || live.id !== last.quoteId) throw new AppError('CONFLICT', RFQ_MSG.noCounter);
    let said: { step: ThreadStep; values?: Record<string, string> };
    if (body.answer === 'accept') {
      const items = await repo.itemsOf(tx, [id]);
      const prices = last.proposedTotalPaise !== null
        ? scaledUnitPrices(live.items, last.proposedTotalPaise - chargesOf(live))
        : live.items.map((i) => (i.itemId === last.itemId ? last.proposedUnitPaise! : i.unitPricePaise));
      const landed = landedTotal(live.items.map((i, k) => ({
        itemId: i.itemId, quantity: i.quantity, unitPricePaise: prices[k]!,
        product: { id: i.productId, name: i.productName, category: items.find((x) => x.id === i.itemId)!.category, hsn: i.hsn, gstRatePercent: i.gstRatePercent },
      })), { freightPaise: live.freightPaise, unloadingPaise: live.unloadingPaise, partLoadPaise: live.partLoadPaise });
      await repo.endLiveQuotesOf(tx, id, vendorId, 'superseded');
      const { id: _, createdAt: __, ...kept } = live;
      const revised = await repo.insertQuote(tx, {
        ...kept, version: live.version + 1, status: 'live', items: landed.items, materialPaise: landed.materialPaise, gstPaise: landed.gstPaise,
        landedTotalPaise: landed.landedTotalPaise, validUntil: new Date(now.getTime() + (live.validUntil.getTime() - live.createdAt.getTime())), createdAt: now,
      });
      await repo.insertMessage(tx, { rfqId: id, vendorId, author: 'seller', kind: 'revised', quoteId: revised.id, proposedTotalPaise: landed.landedTotalPaise, body: body.message, createdAt: now });
      said = { step: 'accepted', values: { version: String(revised.version), amount: formatPaise(landed.landedTotalPaise) } };
    } else if (body.answer === 'counter') {
      await repo.insertMessage(tx, { rfqId: id, vendorId, author: 'seller', kind: 'countered', quoteId: live.id, proposedTotalPaise: body.totalPaise!, body: body.message, createdAt: now });
      said = { step: 'countered', values: { amount: formatPaise(body.totalPaise!) } };
    } else {
      await repo.insertMessage(tx, { rfqId: id, vendorId, author: 'seller', kind: 'declined', quoteId: live.id, body: body.message, createdAt: now });
      said = { step: 'declined' };
    }
    const buyer = (await auth.findCustomerContact(tx, rfq.customerId))!;
    await enqueueEmail(tx, threadEmail(buyer.email, { lang: buyer.language, name: buyer.fullName, rfqId: id, ...said }));
  });
  return getVendorRfq(db, vendorId, id, now);
}

// ─── Operators ──────────────────────────────────────────────────────────────────────────────────────────────────

const OPS_PAGE_SIZE = 50;

async function opsViews(db: Db, rows: repo.RfqRow[], now: Date): Promise<OpsRfq[]> {
  const views = await customerViews(db, rows, now);
  const out: OpsRfq[] = [];
  for (const [k, r] of rows.entries()) {
    const c = await auth.findCustomerContact(db, r.customerId);
    out.push({ ...views[k]!, customer: { _id: r.customerId, name: c?.fullName ?? '', email: c?.email ?? '' }, hiddenReason: r.hiddenReason });
  }
  return out;
}

/** GET /api/ops/rfqs: requests by state, PIN, category or customer, newest first, a page of 50. */
export async function searchForOps(db: Db, q: z.output<typeof ZOpsRfqQuery>, now = new Date()) {
  const filter = { state: q.state, pincode: q.pincode, category: q.category, customerId: q.customerId, q: q.q };
  const [rows, total] = await Promise.all([
    repo.searchForOps(db, filter, { limit: OPS_PAGE_SIZE, offset: (q.page - 1) * OPS_PAGE_SIZE }), repo.countForOps(db, filter),
  ]);
  return { rfqs: await opsViews(db, rows, now), total, page: q.page, pageSize: OPS_PAGE_SIZE };
}

/**
 * POST /api/ops/rfqs/{id}/hide: an operator hides an abusive request with a reason: it leaves every seller's inbox,
 * its live quotes close and their sellers are told; the audit log keeps who, when, why, before and after, in the
 * same transaction.
 */
export async function hideForOps(db: Db, actor: Actor, id: string, reason: string, now = new Date()): Promise<OpsRfq> {
  await db.transaction(async (tx) => {
    const before = await repo.lockRfq(tx, id);
    if (!before) throw new AppError('NOT_FOUND', RFQ_MSG.notFound);
    const live = (await repo.quotesOf(tx, [id])).filter((q) => q.status === 'live').map((q) => q.vendorId);
    const after = await repo.hide(tx, id, reason);
    if (!after) throw new AppError('CONFLICT', 'This request is already hidden.');
    await appendAudit(tx, actor, { action: 'rfq.hide', subjectType: 'rfq', subjectId: id, before: { state: before.state }, after: { state: after.state }, reason });
    await mailClosed(tx, id, live, 'hidden');
  });
  return (await opsViews(db, [(await repo.findRfq(db, id))!], now))[0]!;
}

/** GET /api/ops/rfqs/summary: requests, quotes (every version) and requests that became orders, over the last `days`. */
export async function summaryForOps(db: Db, days: number, now = new Date()) {
  return { days, ...(await repo.figures(db, new Date(now.getTime() - days * DAY_MS))) };
}
