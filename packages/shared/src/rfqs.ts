import { z } from 'zod';
import { ZId } from './api.ts';
import { ZShippingAddress } from './cart.ts';
import { PAYMENT_METHODS_FOR_PRODUCTS } from './constants.ts';
import { zIsoDate } from './date-schemas.ts';
import { ZPincode } from './delivery.ts';
import { ZPrivateFile } from './files.ts';
import { MATERIAL_TAX } from './gst.ts';
import { text } from './text.ts';
import { ZOpsReasonBody } from './ops.ts';

/**
 * Buying in bulk (issue 35, decision record 036): a customer's request for quotes (an "RFQ"), routed to the nearest
 * approved sellers of each category who deliver to the site's PIN; their quotes, priced on the server to a landed
 * total; and the acceptance of one quote into an order. Money is integer paise in every field (`*Paise`); unit
 * prices include GST as catalogue prices do, and the tax is derived from them as on invoices.
 */

/** Units a builder asks in; `m3` is cubic metres, `brass` 100 cubic feet (sand and aggregates), `cft` cubic feet. */
export const RFQ_UNITS = ['bags', 'kg', 'tonnes', 'pieces', 'm3', 'brass', 'cft'] as const;
export type RfqUnit = (typeof RFQ_UNITS)[number];
export const RFQ_UNIT_LABELS: Record<RfqUnit, string> = { bags: 'bags', kg: 'kg', tonnes: 'tonnes', pieces: 'pieces', m3: 'm³', brass: 'brass', cft: 'cft' };

/** The material categories a request can name (those with an HSN: what sellers sell). */
export const RFQ_CATEGORIES = Object.keys(MATERIAL_TAX) as readonly string[];

/** Limits the server holds (decision record 036). */
export const RFQ_LIMITS = {
  /** Open requests (still collecting quotes) a customer may have at once. */
  openPerCustomer: 5,
  /** Sellers a request's category goes to, nearest first. */
  sellersPerCategory: 10,
  itemsPerRequest: 20,
  quantityMax: 1_000_000,
  /** How long a request collects quotes, in days. */
  quoteDaysMin: 1,
  quoteDaysMax: 7,
  /** A quote's validity, in hours (up to 30 days). */
  validHoursMin: 1,
  validHoursMax: 720,
  /** Files on a request (decision record 045): photos of the site or the material, and one bill of quantities. */
  photosPerRequest: 5,
  boqPerRequest: 1,
} as const;

export const RFQ_MSG = {
  tooManyOpen: `You already have ${RFQ_LIMITS.openPerCustomer} open requests for quotes. Accept a quote or cancel a request before starting another.`,
  noSellers: 'No approved seller of these materials delivers to that pincode yet. Please try a nearby pincode or order from the catalogue.',
  notFound: 'Request for quotes not found.',
  quoteNotFound: 'Quote not found.',
  notOpen: 'This request is no longer open.',
  collectionOver: 'This request no longer takes quotes: its time to collect quotes is over.',
  alreadyAccepted: 'A quote of this request is already accepted.',
  superseded: 'The seller has revised this quote. Please compare and accept the newest version.',
  expired: 'This quote has expired. Ask the seller to revise it, or accept another quote.',
  quoteClosed: 'This quote is no longer open.',
  declined: 'You declined this request.',
  freightReason: 'Please say why the freight differs from what your rate card proposes.',
  codNotAllowed: 'This seller does not take cash on delivery for this quote.',
  noCounter: 'The buyer has no counter-offer waiting for your answer.',
  counterBelowCharges: 'That total is less than the freight and charges alone. Please propose a higher total.',
  itemNotInQuote: 'That item is not in the quote you picked for it.',
  pickEachItemOnce: 'Pick one quote for each item, each item once.',
  oneQuotePerSeller: "Pick a seller's items from one quote: each seller has one quote to accept.",
  tooManyPhotos: `At most ${RFQ_LIMITS.photosPerRequest} photos per request.`,
  oneBoq: 'Attach one bill of quantities per request (a PDF, Excel or CSV file).',
  fileAttached: 'A file is already attached to another request. Please upload it again for this one.',
  filesClosed: 'Files can be added only while the request is collecting quotes.',
  alreadyOnRequest: 'That file is already on this request.',
} as const;

const count = (what: string) => z.number(`${what} must be a number.`).int(`${what} must be a whole number.`);
const paise = (what: string) => count(what).min(0, `${what} cannot be negative.`).max(99_999_999_999, `${what} is too large.`);

export const ZRfqItemIn = z.object({
  category: z.enum(RFQ_CATEGORIES as [string, ...string[]], 'Please choose a material category.'),
  /** A grade, a brand, or "equivalent". */
  description: text().trim().min(1, 'Please describe the item (grade, brand or "equivalent").').max(200, 'At most 200 characters per description.'),
  quantity: count('Quantity').min(1, 'Quantity must be at least 1.').max(RFQ_LIMITS.quantityMax, 'That quantity is too large for one request.'),
  unit: z.enum(RFQ_UNITS, `Unit is one of ${RFQ_UNITS.join(', ')}.`),
});

/** Files for a request (`POST /api/rfqs/files` uploads), each once; at most one request's worth. */
const ZRfqFileIds = z.array(z.uuid('A file id is not valid.'))
  .max(RFQ_LIMITS.photosPerRequest + RFQ_LIMITS.boqPerRequest, RFQ_MSG.tooManyPhotos)
  .refine((ids) => new Set(ids).size === ids.length, 'Each file can be attached once.');

/** POST /api/rfqs: a logged-in customer's request. */
export const ZRfqBody = z.object({
  items: z.array(ZRfqItemIn).min(1, 'Please add at least one item.').max(RFQ_LIMITS.itemsPerRequest, `At most ${RFQ_LIMITS.itemsPerRequest} items per request.`),
  pincode: ZPincode,
  neededBy: z.object({ from: zIsoDate(), to: zIsoDate() }).refine((w) => w.from <= w.to, { message: 'The needed-by window ends before it starts.', path: ['to'] }),
  /** Floors to carry up without a lift (0: ground). */
  floors: count('Floors').min(0, 'Floors cannot be negative.').max(60, 'At most 60 floors.'),
  notes: text().trim().max(2000, 'Notes are at most 2000 characters.').default(''),
  /** How long the request collects quotes, in days. */
  quoteDays: count('Days to collect quotes').min(RFQ_LIMITS.quoteDaysMin, 'Collect quotes for at least 1 day.').max(RFQ_LIMITS.quoteDaysMax, 'Collect quotes for at most 7 days.'),
  /**
   * Optional: private files the customer uploaded with `POST /api/rfqs/files`: at most 5 photos and one bill of
   * quantities, each attached to one request only. Only the buyer, the sellers the request went to and operators
   * can read them.
   */
  fileIds: ZRfqFileIds.optional(),
});
export type RfqBody = z.input<typeof ZRfqBody>;

/**
 * POST /api/rfqs/{id}/files: more files on the buyer's own request while it collects quotes (decision record 050);
 * with those already on it, at most 5 photos and one bill of quantities.
 */
export const ZRfqFilesBody = z.object({ fileIds: ZRfqFileIds.min(1, 'Choose at least one file to add.') });
export type RfqFilesBody = z.input<typeof ZRfqFilesBody>;

export const RFQ_STATES = ['open', 'accepted', 'cancelled', 'hidden'] as const;
export const QUOTE_STATUSES = ['live', 'superseded', 'accepted', 'closed'] as const;
export const PAYMENT_TERMS = ['online', 'cod'] as const;

export const ZRfqItem = z.object({ _id: z.string(), category: z.string(), description: z.string(), quantity: z.number().int(), unit: z.enum(RFQ_UNITS) });

/** One item's price in a quote: the unit price (GST included), the line, its tax, and its landed price per unit. */
export const ZRfqQuoteItem = z.object({
  itemId: z.string(),
  /** The seller's product the item is sold as (its HSN and GST rate apply; the order's line is of this product). */
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  /** unitPricePaise × quantity, GST included. */
  materialPaise: z.number().int(),
  hsn: z.string(),
  gstRatePercent: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  /** The line with its share of freight, unloading and part-load (shared by line totals), per unit, to the paisa. */
  landedPerUnitPaise: z.number().int(),
});

export const ZRfqQuoteVendor = z.object({
  _id: z.string(),
  businessName: z.string(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** The seller gave a GSTIN on its payout account. */
  gstinVerified: z.boolean(),
});

export const ZRfqQuote = z.object({
  _id: z.string(),
  version: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  vendor: ZRfqQuoteVendor,
  items: z.array(ZRfqQuoteItem),
  freightPaise: z.number().int(),
  /** What the seller's rate card proposed; freightReason says why freightPaise differs. */
  freightProposedPaise: z.number().int().nullable(),
  freightReason: z.string().nullable(),
  unloadingPaise: z.number().int(),
  partLoadPaise: z.number().int(),
  materialPaise: z.number().int(),
  gstPaise: z.number().int(),
  /** material (GST included) + freight + unloading + part-load. */
  landedTotalPaise: z.number().int(),
  /** landedTotalPaise over the quantity when every item is in one unit; null otherwise. */
  landedPerUnitPaise: z.number().int().nullable(),
  earliestDate: z.string().nullable(),
  validUntil: z.string(),
  paymentTerms: z.array(z.enum(PAYMENT_TERMS)),
  notes: z.string(),
  createdAt: z.string(),
});
export type RfqQuote = z.infer<typeof ZRfqQuote>;

/**
 * One step of a request's thread with a seller: the buyer's counter-offer (a landed total, or a unit price for one
 * item), the seller's answer (revised: a new version at the buyer's figure; countered: its own figure; declined), or
 * a new version the seller posted.
 */
export const RFQ_MESSAGE_KINDS = ['counter', 'revised', 'countered', 'declined'] as const;
export const ZRfqMessage = z.object({
  _id: z.string(),
  vendorId: z.string(),
  author: z.enum(['buyer', 'seller']),
  kind: z.enum(RFQ_MESSAGE_KINDS),
  quoteId: z.string().nullable(),
  proposedTotalPaise: z.number().int().nullable(),
  proposedUnitPaise: z.number().int().nullable(),
  itemId: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type RfqMessage = z.infer<typeof ZRfqMessage>;

const ZRfqBase = z.object({
  _id: z.string(),
  state: z.enum(RFQ_STATES),
  /** Open and its time to collect quotes not over: sellers may still quote. */
  collecting: z.boolean(),
  items: z.array(ZRfqItem),
  pincode: z.string(),
  district: z.string().nullable(),
  neededBy: z.object({ from: z.string(), to: z.string() }),
  floors: z.number().int(),
  notes: z.string(),
  quoteDays: z.number().int(),
  closesAt: z.string(),
  createdAt: z.string(),
  acceptedQuoteId: z.string().nullable(),
  orderId: z.string().nullable(),
  /** Optional: the photos and bill of quantities attached, in the order given; each `url` opens for the buyer, the sellers it went to and operators. */
  files: z.array(ZPrivateFile).optional(),
});

/** GET /api/rfqs/{id} (and each of GET /api/rfqs): the request, its sellers' count and its quotes, cheapest landed first. */
export const ZRfq = ZRfqBase.extend({
  sellerCount: z.number().int(),
  quotes: z.array(ZRfqQuote),
  /** Every seller's thread, oldest first (`vendorId` says whose). */
  messages: z.array(ZRfqMessage),
  /** Once accepted: which quote each item went to (one quote for all, or a split across sellers). */
  awards: z.array(z.object({ itemId: z.string(), quoteId: z.string() })).optional(),
});
export type Rfq = z.infer<typeof ZRfq>;
export const ZRfqList = z.object({ rfqs: z.array(ZRfq) });

/** A product a request's item can be sold as: its HSN and GST rate become the quote's and the order's. */
export const ZSoldAsChoice = z.object({
  productId: z.string(),
  name: z.string(),
  unit: z.string(),
  pricePaise: z.number().int(),
  stock: z.number().int(),
  hsn: z.string().nullable(),
  gstRatePercent: z.number().int().nullable(),
});
export type SoldAsChoice = z.infer<typeof ZSoldAsChoice>;

/** What the seller's rate card proposes for this request: freight and unloading for the load, and the first dates. */
export const ZFreightProposal = z.object({
  served: z.boolean(),
  reason: z.string().nullable(),
  freightPaise: z.number().int(),
  unloadingPaise: z.number().int(),
  distanceKm: z.number().nullable(),
  dates: z.array(z.string()),
  /** The seller's product each item would be sold as (its live product of the category), or null when it has none. */
  products: z.array(z.object({ itemId: z.string(), productId: z.string().nullable(), productName: z.string().nullable(), pricePaise: z.number().int().nullable() })),
  /**
   * Optional: for each item, every live product of the seller's in the item's category it could be sold as (the
   * quote's `productId`), cheapest first, with its stock and tax class; a product short of the quantity cannot be quoted.
   */
  choices: z.array(z.object({ itemId: z.string(), products: z.array(ZSoldAsChoice) })).optional(),
});

/**
 * GET /api/vendor/rfqs (and /{id}): a request routed to this seller. The buyer's contact is null until the buyer
 * accepts this seller's quote; a seller sees its own quotes only.
 */
export const ZVendorRfq = ZRfqBase.extend({
  distanceKm: z.number(),
  declined: z.boolean(),
  buyer: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string() }).nullable(),
  myQuotes: z.array(ZRfqQuote),
  /** This seller's thread with the buyer, oldest first. */
  messages: z.array(ZRfqMessage),
  proposal: ZFreightProposal.optional(),
});
export type VendorRfq = z.infer<typeof ZVendorRfq>;
export const ZVendorRfqList = z.object({ rfqs: z.array(ZVendorRfq) });

/** POST /api/vendor/rfqs/{id}/quotes: a quote, or a revision (a new version; the previous one is superseded). */
export const ZRfqQuoteBody = z.object({
  items: z.array(z.object({
    itemId: ZId,
    unitPricePaise: paise('Unit price').min(1, 'Unit price must be more than zero.'),
    /** Optional: the seller's product to sell the item as; without it, the seller's cheapest live product of the category. */
    productId: ZId.optional(),
  })).min(1, 'Please price every item.').max(RFQ_LIMITS.itemsPerRequest),
  freightPaise: paise('Freight'),
  /** Required when freightPaise differs from the rate card's proposal. */
  freightReason: text().trim().max(300, 'At most 300 characters.').optional(),
  unloadingPaise: paise('Unloading'),
  partLoadPaise: paise('Part-load charge').default(0),
  validHours: count('Validity').min(RFQ_LIMITS.validHoursMin, 'A quote is valid for at least 1 hour.').max(RFQ_LIMITS.validHoursMax, 'A quote is valid for at most 30 days.'),
  paymentTerms: z.array(z.enum(PAYMENT_TERMS, 'Payment terms are online or cod.')).min(1, 'Please choose how the buyer may pay.'),
  notes: text().trim().max(2000, 'Notes are at most 2000 characters.').default(''),
  /** Optional: the earliest delivery date; without it, the first date the seller's schedule allows. */
  earliestDate: zIsoDate().optional(),
});
export type RfqQuoteBody = z.input<typeof ZRfqQuoteBody>;

export const ZDeclineBody = z.object({ reason: text().trim().max(300, 'At most 300 characters.').default('') });

/** POST /api/rfqs/{id}/quotes/{quoteId}/accept: answers the order as POST /ordercart does. */
export const ZAcceptBody = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS_FOR_PRODUCTS, 'Payment method is cod, online or upi.'),
  /** Optional: the site's address (its pincode must be the request's); without it, the request's PIN and district. */
  shippingAddress: ZShippingAddress.optional(),
  /** Optional: the phone the seller calls on delivery; without it, the account's. */
  phone: z.string().trim().regex(/^[6-9]\d{9}$/, 'Please enter a 10-digit mobile number.').optional(),
});
export type AcceptBody = z.input<typeof ZAcceptBody>;

/**
 * POST /api/rfqs/{id}/accept-split: one quote per item, across sellers (the items not picked are not bought). One
 * order carries every seller's lines at its quoted prices, each seller's charges shared over its lines as in its
 * quote; answers the order as POST /ordercart does.
 */
export const ZSplitAcceptBody = ZAcceptBody.extend({
  picks: z.array(z.object({ itemId: ZId, quoteId: ZId })).min(1, 'Pick a quote for at least one item.').max(RFQ_LIMITS.itemsPerRequest),
});
export type SplitAcceptBody = z.input<typeof ZSplitAcceptBody>;

const message = text().trim().max(1000, 'At most 1000 characters.').default('');

/** POST /api/rfqs/{id}/counter: the buyer proposes a landed total, or one item's unit price, on a seller's live quote. */
export const ZCounterBody = z.object({
  quoteId: ZId,
  totalPaise: paise('Total').min(1, 'Total must be more than zero.').optional(),
  itemId: ZId.optional(),
  unitPricePaise: paise('Unit price').min(1, 'Unit price must be more than zero.').optional(),
  message,
}).refine((b) => (b.totalPaise !== undefined) !== (b.itemId !== undefined && b.unitPricePaise !== undefined) && (b.itemId === undefined) === (b.unitPricePaise === undefined), {
  message: 'Propose either a total, or an item and its unit price.', path: ['totalPaise'],
});
export type CounterBody = z.input<typeof ZCounterBody>;

/**
 * POST /api/vendor/rfqs/{id}/counter-answer: the seller answers the buyer's latest counter-offer: accept (a new
 * version at the buyer's figure), counter (its own total), or decline (the quote stays as it was).
 */
export const ZCounterAnswerBody = z.object({
  answer: z.enum(['accept', 'counter', 'decline'], 'Answer accept, counter or decline.'),
  totalPaise: paise('Total').min(1, 'Total must be more than zero.').optional(),
  message,
}).refine((b) => b.answer !== 'counter' || b.totalPaise !== undefined, { message: 'Please give your total.', path: ['totalPaise'] });
export type CounterAnswerBody = z.input<typeof ZCounterAnswerBody>;

export const ZRfqParams = z.object({ id: ZId });
export const ZRfqQuoteParams = z.object({ id: ZId, quoteId: ZId });

// ─── Operators (the console's Requests) ─────────────────────────────────────────────────────────────────────────

export const ZOpsRfqQuery = z.object({
  state: z.enum(RFQ_STATES).optional(),
  pincode: ZPincode.optional(),
  category: z.string().trim().max(60).optional(),
  /** One customer's requests (the console's customer page links here). */
  customerId: ZId.optional(),
  /** Optional: words in the buyer's notes or an item's description, any case. */
  q: z.string().trim().max(100, 'At most 100 characters.').optional().transform((s) => s || undefined),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const ZOpsRfq = ZRfq.extend({
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  hiddenReason: z.string().nullable(),
});
export type OpsRfq = z.infer<typeof ZOpsRfq>;
export const ZOpsRfqList = z.object({ rfqs: z.array(ZOpsRfq), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
/** POST /api/ops/rfqs/{id}/hide: an abusive request leaves every seller's inbox; audited with the reason. */
export const ZOpsHideRfqBody = ZOpsReasonBody;
/** GET /api/ops/rfqs/summary: the dashboard's figures over the last `days` days (default 30). */
export const ZOpsRfqSummaryQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const ZOpsRfqSummary = z.object({ days: z.number().int(), requests: z.number().int(), quotes: z.number().int(), conversions: z.number().int() });
