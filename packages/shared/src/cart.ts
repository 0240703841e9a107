import { z } from 'zod';
import { ZId, ZReviewVerified } from './api.ts';
import { PAYMENT_METHODS_FOR_PRODUCTS } from './constants.ts';
import { EMAIL_MAX, EMAIL_TOO_LONG, text } from './text.ts';
import { ZBilling } from './gst.ts';
import { ZWhatsAppOptIn } from './whatsapp.ts';
import { ZQuantityBreak } from './api.ts';

/**
 * Cart and product orders (docs/api-contract.md): the spec's field names. Only ids and quantities are taken from a
 * client; names, prices, images, vendors, totals and statuses come from the server's own data.
 */

import { QUANTITY_MAX } from './constants.ts';
/** The most of one product per cart line and per order (in the zod-free constants, for pages that load no schemas). */
export { QUANTITY_MAX };
const quantity = z.number({ message: 'Quantity must be a whole number from 1 to 999.' })
  .int('Quantity must be a whole number from 1 to 999.')
  .min(1, 'Quantity must be at least 1.')
  .max(QUANTITY_MAX, `Quantity can be at most ${QUANTITY_MAX}.`);

export const ZCartAddBody = z.object({
  customerid: ZId,
  productid: ZId,
  productQuantity: quantity.optional().default(1),
  // Sent by the spec's clients; informational only, never stored.
  Vendorid: z.string().optional(),
  producturl: z.string().optional(),
  productname: z.string().optional(),
  productprice: z.unknown().optional(),
  productvendor: z.string().optional(),
});
export type CartAddBody = z.input<typeof ZCartAddBody>;

export const ZCartItem = z.object({
  _id: z.string(),
  Vendorid: z.string(),
  productid: z.string(),
  producturl: z.string(),
  productname: z.string(),
  productQuantity: z.number().int(),
  productprice: z.number(),
  productvendor: z.string(),
  productcategory: z.string(),
  customerid: z.string(),
  /** Unit of the price ("bag", "tonne"); how many are left. */
  productunit: z.string(),
  stock: z.number().int(),
  /**
   * Quantity prices (docs/decisions/035): `productprice` is the unit price the line's quantity gets, and when that is
   * a quantity price, `quantityBreak` names it and `listPricePaise` is the price it replaces. `nextQuantityBreak`:
   * the next lower price a larger quantity would get, if any.
   */
  listPricePaise: z.number().int().optional(),
  quantityBreak: ZQuantityBreak.nullable().optional(),
  nextQuantityBreak: ZQuantityBreak.nullable().optional(),
});
export type CartItem = z.infer<typeof ZCartItem>;
export const ZCartList = z.array(ZCartItem);
export const ZCartCount = z.object({ count: z.number().int() });
export const ZCartItemParams = z.object({ cartItemId: ZId });
export const ZCartQuantityBody = z.object({ quantity });
export const ZCartUserParams = z.object({ userId: ZId });
export const ZCartsParams = z.object({ userid: ZId });

/** Spaces and dashes as people type them ("+91 98480 22345") are fine; the digits must be an Indian mobile number. */
const phone = text().trim().transform((s) => s.replace(/[\s-]/g, '')).pipe(z.string().regex(/^(\+91)?[6-9]\d{9}$/, 'Please enter a 10-digit Indian mobile number.'));
const pincode = text().trim().regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit pincode.');
const required = (what: string, max = 200) => text().trim().min(1, `Please enter your ${what}.`).max(max, `Your ${what} is too long.`);

/**
 * A latitude or longitude as clients send it: a number or a numeric string, and "" (or null) when Locate Me was
 * not used, which means none. Anything else is refused.
 */
export const optionalCoordinate = (what: 'latitude' | 'longitude') => z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return null;
  return /^[+-]?\d+(\.\d+)?$/.test(s) ? Number(s) : v;
}, z.number(`The ${what} must be a number.`).min(what === 'latitude' ? -90 : -180).max(what === 'latitude' ? 90 : 180).nullish());

export const ZShippingAddress = z.object({
  fullAddress: required('address', 500),
  city: required('city', 100),
  pincode,
  state: required('state', 100),
  // Both or none: half a position locates nothing.
  coordinates: z.object({ latitude: optionalCoordinate('latitude'), longitude: optionalCoordinate('longitude') }).nullish()
    .transform((c) => (c?.latitude != null && c.longitude != null ? { latitude: c.latitude, longitude: c.longitude } : null)),
});
export type ShippingAddress = z.infer<typeof ZShippingAddress>;

/** A line as the spec's clients send it; the server reads productId and quantity, and the buyer's details. */
export const ZOrderLineIn = z.object({
  productId: ZId,
  quantity,
  customerId: ZId,
  customerName: required('name', 100),
  phone,
  email: text().trim().toLowerCase().max(EMAIL_MAX, EMAIL_TOO_LONG).pipe(z.email('Please enter a valid email address.')),
  shippingAddress: ZShippingAddress,
  vendorid: z.string().optional(),
  productName: z.string().optional(),
  productImage: z.string().optional(),
  pricePerUnit: z.unknown().optional(),
  totalPrice: z.unknown().optional(),
  paymentStatus: z.unknown().optional(),
  orderStatus: z.unknown().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS_FOR_PRODUCTS).optional(),
});
/** The windows of a delivery day a customer picks at checkout (delivery.ts labels them). */
export const DELIVERY_WINDOW_IDS = ['morning', 'afternoon'] as const;
/** Ours (optional): a seller's delivery date and window, chosen at checkout among the dates its quote offered. */
export const ZDeliveryChoice = z.object({
  vendorId: ZId,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A delivery date is written YYYY-MM-DD.'),
  window: z.enum(DELIVERY_WINDOW_IDS, 'Please choose a morning or an afternoon delivery.'),
});
export type DeliveryChoice = z.infer<typeof ZDeliveryChoice>;
export const ZOrderCartBody = z.object({
  orders: z.array(ZOrderLineIn).min(1, 'No products in cart').max(50, 'An order can have at most 50 products.'),
  paymentMethod: z.enum(PAYMENT_METHODS_FOR_PRODUCTS, 'Payment method is cod, online or upi.').optional(),
  /** Optional (spec clients never send it): the business buyer's GSTIN and legal name for the tax invoice. */
  billing: ZBilling.optional(),
  /**
   * Optional (spec clients never send it): floors to carry up without a lift, and each seller's date and window;
   * a seller left out gets its first date, in the morning (decision record 034).
   */
  delivery: z.object({
    floors: z.number().int('Floors are a whole number.').min(0, 'Floors cannot be negative.').max(60, 'At most 60 floors.').optional(),
    choices: z.array(ZDeliveryChoice).max(50).optional(),
  }).optional(),
  /** Optional (spec clients never send it): the box "Send me order and booking updates on WhatsApp" ticked at checkout. */
  whatsapp: ZWhatsAppOptIn.optional(),
});
export type OrderCartBody = z.input<typeof ZOrderCartBody>;

export const ORDER_STATUSES = ['Pending', 'Shipped', 'Delivered', 'Cancelled'] as const;
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Refunded'] as const;

export const ZOrderLine = z.object({
  _id: z.string(),
  orderId: z.string(),
  vendorid: z.string(),
  productId: z.string(),
  productName: z.string(),
  productImage: z.string(),
  quantity: z.number().int(),
  pricePerUnit: z.number(),
  totalPrice: z.number(),
  customerId: z.string(),
  customerName: z.string(),
  phone: z.string(),
  email: z.string(),
  shippingAddress: ZShippingAddress.extend({ coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullish() }),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS_FOR_PRODUCTS),
  orderStatus: z.enum(ORDER_STATUSES),
  orderedAt: z.string(),
  /** The order's delivery fee and total, for grouping lines into one card. */
  deliveryFee: z.number(),
  orderTotal: z.number(),
  /**
   * Ours, on the customer's My orders list only: what is still owed for the whole order, in rupees — its live
   * unpaid lines and the delivery fee while any is live, which is what Pay now charges. 0 once paid or cancelled.
   */
  amountDue: z.number().optional(),
  /**
   * Ours (decision 032): the line's 4-digit delivery code, on the customer's own My orders only, once the line is
   * Shipped (and after). The customer gives it to the person delivering; no vendor, operator or other answer has it.
   */
  deliveryCode: z.string().optional(),
  /** Ours: when the seller marked the line Delivered (ISO time); absent before. */
  deliveredAt: z.string().optional(),
  /** Ours (decision 032): delivered while the customer was away, against a photo and the receiver's name. */
  deliveredWithPhoto: z.object({ receivedBy: z.string(), photoUrl: z.string() }).optional(),
  /** Ours: the date and window (morning, afternoon) promised for this line's delivery; null on older orders. */
  deliveryDate: z.string().nullable().optional(),
  deliveryWindow: z.enum(DELIVERY_WINDOW_IDS).nullable().optional(),
});
export type OrderLine = z.infer<typeof ZOrderLine>;
export const ZOrderLineList = z.array(ZOrderLine);

export const ZPlacedOrder = z.object({
  message: z.string(),
  orderId: z.string(),
  orders: ZOrderLineList,
  subtotal: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
  /** What the payment step needs (the payments issue); null for cash on delivery. */
  payment: z.object({ provider: z.string() }).passthrough().nullable(),
});
export type PlacedOrder = z.infer<typeof ZPlacedOrder>;

export const ZMessageOnly = z.object({ message: z.string() });
export const ZCancelParams = z.object({ orderId: ZId });
/**
 * The vendor portal moves its lines forward: Pending → Shipped → Delivered, never back; or cancels a Pending line
 * it cannot fulfil (stock goes back, a paid line is refunded). An online or UPI line is shipped or cancelled only
 * once it is paid.
 */
export const VENDOR_LINE_MOVES = ['Shipped', 'Delivered', 'Cancelled'] as const;
export type VendorLineMove = (typeof VENDOR_LINE_MOVES)[number];
export const ZVendorLineParams = z.object({ lineId: ZId });
/** How many wrong delivery codes a line takes before only the photo path can deliver it. */
export const DELIVERY_CODE_TRIES = 5;
/** What the vendor portal shows when a delivery's proof is missing or refused (decision 032). */
export const DELIVERY_MSG = {
  needProof: "To mark this item Delivered, enter the customer's 4-digit delivery code, or add a photo of the delivery and the receiver's name.",
  codeFormat: 'The delivery code is 4 digits.',
  bothProofs: "Send either the customer's delivery code or a photo with the receiver's name, not both.",
  needPhoto: 'Please add a photo of the delivery.',
  needReceiver: 'Please enter the name of the person who received it.',
  photoId: 'The photo is not valid. Please upload it again.',
  wrongCode: (left: number) => (left === 0
    ? "That delivery code is wrong, and it was the last try. Mark it delivered with a photo and the receiver's name instead."
    : `That delivery code is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.`),
  noTriesLeft: "Too many wrong delivery codes for this item. Mark it delivered with a photo of the delivery and the receiver's name instead.",
} as const;
export const ZDeliveryCode = z.string().regex(/^[0-9]{4}$/, DELIVERY_MSG.codeFormat);
/**
 * A vendor's move of a line. Delivered needs proof (decision 032): the customer's `deliveryCode`, or, when the
 * customer was away, `photo` (a private file the vendor uploaded with POST /api/files) and `receivedBy`. The proof
 * fields are optional, so Shipped and Cancelled are sent as before (and ignore them).
 */
export const ZVendorLineStatusBody = z.object({
  status: z.enum(VENDOR_LINE_MOVES, 'The status must be Shipped, Delivered or Cancelled.'),
  deliveryCode: ZDeliveryCode.optional(),
  photo: z.uuid({ message: DELIVERY_MSG.photoId }).optional(),
  receivedBy: z.string().trim().min(1, DELIVERY_MSG.needReceiver).max(100, 'The receiver’s name is at most 100 characters.').optional(),
}).superRefine((b, ctx) => {
  if (b.status !== 'Delivered') return;
  const byPhoto = b.photo !== undefined || b.receivedBy !== undefined;
  if (b.deliveryCode !== undefined && byPhoto) ctx.addIssue({ code: 'custom', path: ['deliveryCode'], message: DELIVERY_MSG.bothProofs });
  else if (b.deliveryCode === undefined && !byPhoto) ctx.addIssue({ code: 'custom', path: ['deliveryCode'], message: DELIVERY_MSG.needProof });
  else if (byPhoto && b.photo === undefined) ctx.addIssue({ code: 'custom', path: ['photo'], message: DELIVERY_MSG.needPhoto });
  else if (byPhoto && b.receivedBy === undefined) ctx.addIssue({ code: 'custom', path: ['receivedBy'], message: DELIVERY_MSG.needReceiver });
});
export type VendorLineStatusBody = z.input<typeof ZVendorLineStatusBody>;
/** The proof of a delivery the orders module checks: the customer's code, or a photo and who received it. */
export type DeliveryProof = { code: string } | { photo: string; receivedBy: string };
/** Whether a vendor may ship or cancel a line yet: cash on delivery at once, online and UPI once paid. */
export const readyToShip = (line: { paymentMethod: string; paymentStatus: string }) => line.paymentMethod === 'cod' || line.paymentStatus === 'Paid';
export const AWAITING_PAYMENT = 'The customer has not paid for this item yet: ship it once the payment arrives.';
export const AWAITING_PAYMENT_TO_CANCEL = 'The customer has not paid for this order yet: an unpaid order cancels itself after 30 minutes.';
export const ZCancelResponse = z.object({ message: z.string(), orders: ZOrderLineList });

/** Product review `{productId, …}` or vendor review `{vendorids, …}` on the one path POST /review/{userid}. */
export const REVIEW_INCOMPLETE = 'Please provide a rating and comment.';
export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];
/**
 * A whole number of stars, or the same digit as a string (what a form's radio input sends). Nothing else is
 * coerced: `true`, `[5]`, `"0x5"`, `"1e0"`, `" 5"`, `"5.0"` and 1.5 are refused, not read as a rating.
 */
const rating = z.union([z.literal(RATINGS), z.enum(['1', '2', '3', '4', '5']).transform(Number)], REVIEW_INCOMPLETE);
const comment = text().trim().min(1, REVIEW_INCOMPLETE).max(2000, 'Reviews can have at most 2,000 characters.');
export const ZProductReviewBody = z.object({ productId: ZId, rating, comment, customerName: z.string().optional() });
export const ZVendorReviewBody = z.object({ vendorids: ZId, rating, comment, customerName: z.string().optional() });
export const ZReviewBody = z.union([ZProductReviewBody, ZVendorReviewBody], REVIEW_INCOMPLETE);
export type ReviewBody = z.input<typeof ZReviewBody>;
export const ZReviewParams = z.object({ userid: ZId });
export const ZReviewResponse = z.object({
  message: z.string(),
  review: z.object({ _id: z.string(), customerName: z.string(), rating: z.number().int(), comment: z.string(), createdAt: z.string(), verified: ZReviewVerified }),
  /** The product's or vendor's average and count after this review. */
  average: z.number(),
  count: z.number().int(),
  /** Of count, how many carry a verified mark. */
  verifiedCount: z.number().int().optional(),
});

/**
 * A customer reports a review to the operators (POST /api/reviews/{id}/report). Product and vendor reviews are
 * two tables, so the body names which one the id is in. Reporting again answers the same, and stores nothing new.
 */
export const REVIEW_KINDS = ['product', 'vendor'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const REPORT_MSG = {
  loginRequired: 'Please log in to report a review.',
  ownReview: 'You cannot report your own review.',
  customersOnly: 'Only customers can report reviews.',
  notFound: 'This review no longer exists.',
  reported: 'Thank you. The review has been reported to our team.',
} as const;
export const ZReviewReportBody = z.object({
  kind: z.enum(REVIEW_KINDS, 'Please say whether this is a product or a vendor review.'),
  reason: text().trim().max(500, 'Reasons can have at most 500 characters.').optional(),
});
export type ReviewReportBody = z.input<typeof ZReviewReportBody>;
export const ZReviewReportResponse = z.object({ message: z.string(), reported: z.literal(true) });
