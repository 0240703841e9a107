import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text,
  timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceDocument, OrderLine, StoredBookingAddress, StoredBookingCustomer } from '@nirmaan/shared';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const vendorKind = pgEnum('vendor_kind', ['seller', 'professional']);
export const chargeType = pgEnum('charge_type', ['Per Hour', 'Per Day', 'Per Visit']);
export const orderStatus = pgEnum('order_status', ['Pending', 'Shipped', 'Delivered', 'Cancelled']);
export const paymentStatus = pgEnum('payment_status', ['Pending', 'Paid', 'Refunded']);
export const paymentMethod = pgEnum('payment_method', ['cod', 'online', 'upi', 'card', 'netbanking', 'cash']);
export const bookingStatus = pgEnum('booking_status', ['Pending', 'Confirmed', 'Completed', 'Cancelled', 'Declined']);
export const participant = pgEnum('participant', ['Customer', 'Vendor']);
export const otpPurpose = pgEnum('otp_purpose', ['login', 'signup', 'reset', 'ops-login']);

export const customers = pgTable('customers', {
  id: id(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  location: text('location').notNull(),
  /** Null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  googleSubject: text('google_subject'),
  pictureUrl: text('picture_url'),
  /** Set by an operator: the customer cannot log in and has no live session. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
  uniqueIndex('customers_google_subject_key').on(t.googleSubject),
]);

export const vendors = pgTable('vendors', {
  id: id(),
  kind: vendorKind('kind').notNull(),
  ownerName: text('owner_name').notNull(),
  businessName: text('business_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash'),
  businessAddress: text('business_address').notNull(),
  city: text('city').notNull(),
  description: text('description').notNull(),
  /** Trade for professionals ("Plumber"), main line for sellers ("Cement"). */
  category: text('category').notNull(),
  subCategories: text('sub_categories').array().notNull().default(sql`'{}'::text[]`),
  chargeAmountPaise: bigint('charge_amount_paise', { mode: 'number' }),
  chargeType: chargeType('charge_type'),
  profileImage: text('profile_image'),
  /** Payout details; never leave the server. */
  bankAccount: jsonb('bank_account').$type<{ accountNumber: string; ifsc: string; accountHolder?: string; bank?: string }>(),
  /** Sum and count of vendor_reviews ratings, kept in the review write's transaction (no read aggregates reviews). */
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  /** Null until an admin approves a vendor who signed up (`npm run vendor:approve`); only approved vendors are public. */
  approvedAt: timestamp('approved_at', { withTimezone: true }).defaultNow(),
  /** An operator refused the signup; the vendor sees the reason and may fix the details and resubmit. */
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  rejectionReason: text('rejection_reason'),
  /** Set while an operator has suspended the vendor: gone from every public read. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  createdAt: createdAt(),
  /** When what the public page shows last changed (a trigger, migration 0023); null reads as createdAt. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow(),
}, (t) => [
  uniqueIndex('vendors_email_key').on(sql`lower(${t.email})`),
  index('vendors_kind_category_idx').on(t.kind, sql`lower(${t.category})`),
  index('vendors_suspended_idx').on(t.id).where(sql`${t.suspendedAt} is not null`),
  index('vendors_pending_idx').on(t.createdAt).where(sql`${t.approvedAt} is null`),
  check('vendors_charge_check', sql`${t.kind} = 'seller' or (${t.chargeAmountPaise} is not null and ${t.chargeType} is not null)`),
]);

export const products = pgTable('products', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  name: text('name').notNull(),
  brand: text('brand'),
  category: text('category').notNull(),
  description: text('description').notNull(),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
  mrpPaise: bigint('mrp_paise', { mode: 'number' }),
  unit: text('unit').notNull(),
  images: text('images').array().notNull(),
  location: text('location').notNull(),
  tag: text('tag'),
  stock: integer('stock').notNull().default(0),
  /** The seller's HSN and GST rate among its category's allowed values (migration 0025); both null: the category's default. */
  hsn: text('hsn'),
  gstRatePercent: integer('gst_rate_percent'),
  /** Weight (kg) and volume (m³) of one unit as sold, for delivery quotes (migration 0032); null: its category's default. */
  weightKg: doublePrecision('weight_kg'),
  volumeM3: doublePrecision('volume_m3'),
  /** Soft delete: gone from every public list, still readable in order history. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Sum and count of product_reviews ratings, kept in the review write's transaction (no read aggregates reviews). */
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  createdAt: createdAt(),
  /** When what the product's page shows last changed (a trigger, migration 0023); null reads as createdAt. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow(),
}, (t) => [
  /** Category pages in price order, paged by keyset (price, id). */
  index('products_category_keyset_idx').on(sql`lower(${t.category})`, t.pricePaise, t.id),
  index('products_vendor_idx').on(t.vendorId),
  /** The sitemap's keyset walk (id order), index-only: `include (vendor_id, updated_at, created_at)` is in migration 0023. */
  index('products_sitemap_idx').on(t.id).where(sql`${t.deletedAt} is null`),
  /** Related products of a category: best rated, then cheapest, read with their limit (migration 0023). */
  index('products_related_idx')
    .on(sql`lower(${t.category})`, sql`(case when ${t.ratingCount} > 0 then ${t.ratingSum}::numeric / ${t.ratingCount} end) desc nulls last`, t.pricePaise, t.id)
    .where(sql`${t.deletedAt} is null`),
  /** The vendor portal's product list, newest first, live products only. */
  index('products_vendor_live_idx').on(t.vendorId, t.createdAt).where(sql`${t.deletedAt} is null`),
  /**
   * Search: word similarity over name, brand and category; GiST answers "nearest first … limit" without scoring
   * every match. 256-byte signatures: texts of ~50 trigrams saturate the default 12 bytes (40 ms vs 116 ms for
   * "cemnt" over 1M products).
   */
  index('products_search_gist_idx').using('gist', sql`(lower(${t.name} || ' ' || coalesce(${t.brand}, '') || ' ' || ${t.category})) gist_trgm_ops(siglen=256)`),
  check('products_price_check', sql`${t.pricePaise} > 0 and (${t.mrpPaise} is null or ${t.mrpPaise} >= ${t.pricePaise})`),
  check('products_load_check', sql`(${t.weightKg} is null or ${t.weightKg} > 0) and (${t.volumeM3} is null or ${t.volumeM3} > 0)`),
  check('products_tax_class_check', sql`(${t.hsn} is null) = (${t.gstRatePercent} is null) and (${t.gstRatePercent} is null or ${t.gstRatePercent} between 0 and 40)`),
]);

/** Which vendor uploaded which image (POST /api/vendor/uploads); a product shows only its own vendor's uploads. */
export const uploads = pgTable('uploads', {
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  /** sha256 of the stored WebP: the file is `<hash>.webp` under the uploads directory. */
  hash: text('hash').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.vendorId, t.hash] })]);

export const productReviews = pgTable('product_reviews', {
  id: id(),
  productId: uuid('product_id').notNull().references(() => products.id),
  customerId: uuid('customer_id').references(() => customers.id),
  customerName: text('customer_name').notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment').notNull(),
  createdAt: createdAt(),
  /** Hidden by an operator (migration 0016): out of the public lists and the stored sum and count while set. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
}, (t) => [
  index('product_reviews_product_idx').on(t.productId, t.createdAt),
  /** One review per customer per product: a second one edits the first. */
  uniqueIndex('product_reviews_customer_key').on(t.productId, t.customerId).where(sql`${t.customerId} is not null`),
  check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
]);

export const vendorReviews = pgTable('vendor_reviews', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  customerId: uuid('customer_id').references(() => customers.id),
  customerName: text('customer_name').notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment').notNull(),
  createdAt: createdAt(),
  /** Hidden by an operator (migration 0016): out of the public lists and the stored sum and count while set. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
}, (t) => [
  index('vendor_reviews_vendor_idx').on(t.vendorId, t.createdAt),
  /** One review per customer per vendor: a second one edits the first. */
  uniqueIndex('vendor_reviews_customer_key').on(t.vendorId, t.customerId).where(sql`${t.customerId} is not null`),
  check('vendor_reviews_rating_check', sql`${t.rating} between 1 and 5`),
]);

/** Customers' reports of reviews (migration 0016); `kind` says which reviews table `reviewId` is in. */
export const reviewReports = pgTable('review_reports', {
  id: id(),
  kind: text('kind').$type<'product' | 'vendor'>().notNull(),
  reviewId: uuid('review_id').notNull(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  reason: text('reason'),
  createdAt: createdAt(),
}, (t) => [
  /** One report per customer per review, under races. */
  uniqueIndex('review_reports_customer_key').on(t.kind, t.reviewId, t.customerId),
  check('review_reports_kind_check', sql`${t.kind} in ('product', 'vendor')`),
]);

export const projects = pgTable('projects', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  title: text('title').notNull(),
  image: text('image').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  /** When the work was done, if the vendor gave a date; shown publicly as `createdAt` in its place. */
  projectDate: date('project_date'),
  createdAt: createdAt(),
}, (t) => [index('projects_vendor_idx').on(t.vendorId, t.createdAt)]);

export const cartItems = pgTable('cart_items', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  productId: uuid('product_id').notNull().references(() => products.id),
  quantity: integer('quantity').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('cart_items_customer_product_key').on(t.customerId, t.productId),
  check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
]);

export const orders = pgTable('orders', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  customerName: text('customer_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  shippingAddress: jsonb('shipping_address').$type<OrderLine['shippingAddress']>().notNull(),
  paymentMethod: paymentMethod('payment_method').notNull(),
  paymentStatus: paymentStatus('payment_status').notNull(),
  subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
  /** All of the order's delivery: the platform's flat fee and the sellers' own fees (each line holds its share of those). */
  deliveryFeePaise: bigint('delivery_fee_paise', { mode: 'number' }).notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  /** The business buyer's GSTIN and legal name for its tax invoice (migration 0022), or null. */
  billing: jsonb('billing').$type<{ gstin: string; legalName: string }>(),
  createdAt: createdAt(),
}, (t) => [
  index('orders_customer_idx').on(t.customerId, t.createdAt),
  index('orders_unpaid_idx').on(t.createdAt).where(sql`${t.paymentStatus} = 'Pending' AND ${t.paymentMethod} IN ('online', 'upi')`),
]);

export const orderLines = pgTable('order_lines', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => orders.id),
  productId: uuid('product_id').notNull().references(() => products.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  productName: text('product_name').notNull(),
  productImage: text('product_image').notNull(),
  quantity: integer('quantity').notNull(),
  pricePerUnitPaise: bigint('price_per_unit_paise', { mode: 'number' }).notNull(),
  totalPricePaise: bigint('total_price_paise', { mode: 'number' }).notNull(),
  status: orderStatus('status').notNull().default('Pending'),
  /** Per line, since a line can be refunded on its own. */
  paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
  /** When the vendor marked it Delivered: a month's revenue counts what was delivered in it. */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  /** When the line was marked Shipped and Cancelled (migration 0024; null on older rows), for the console's timeline. */
  shippedAt: timestamp('shipped_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** The platform's commission this line was sold under (migration 0015): never rewritten; null before 0015. */
  commissionBps: integer('commission_bps'),
  commissionPaise: bigint('commission_paise', { mode: 'number' }),
  /** The HSN and GST rate the line was sold under (migration 0025), for its invoice; null before 0025. */
  hsn: text('hsn'),
  gstRatePercent: integer('gst_rate_percent'),
  /**
   * Delivery (migration 0032): the line's share of its seller's own delivery fee (0 under the platform's flat fee,
   * which stays in orders.delivery_fee_paise with the sellers' fees), and the date and window promised.
   */
  deliveryFeePaise: bigint('delivery_fee_paise', { mode: 'number' }).notNull().default(0),
  deliveryDate: date('delivery_date'),
  deliveryWindow: text('delivery_window'),
  createdAt: createdAt(),
}, (t) => [
  index('order_lines_order_idx').on(t.orderId),
  index('order_lines_vendor_idx').on(t.vendorId, t.createdAt),
  /** Verified reviews, from the product's or the vendor's side (migration 0012). */
  index('order_lines_delivered_product_idx').on(t.productId, t.orderId).where(sql`${t.status} = 'Delivered'`),
  index('order_lines_delivered_vendor_idx').on(t.vendorId, t.orderId).where(sql`${t.status} = 'Delivered'`),
  check('order_lines_quantity_check', sql`${t.quantity} >= 1`),
]);

export const bookings = pgTable('bookings', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  serviceDate: date('service_date').notNull(),
  serviceTime: text('service_time').notNull(),
  status: bookingStatus('status').notNull().default('Pending'),
  customer: jsonb('customer').$type<StoredBookingCustomer>().notNull(),
  address: jsonb('address').$type<StoredBookingAddress>().notNull(),
  paymentMethod: paymentMethod('payment_method').notNull(),
  basePricePaise: bigint('base_price_paise', { mode: 'number' }).notNull(),
  serviceChargePaise: bigint('service_charge_paise', { mode: 'number' }).notNull(),
  totalAmountPaise: bigint('total_amount_paise', { mode: 'number' }).notNull(),
  paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
  /** The commission on the base price (the service charge is the platform's own): as booked, never rewritten. */
  commissionBps: integer('commission_bps'),
  commissionPaise: bigint('commission_paise', { mode: 'number' }),
  /** The business buyer's GSTIN and legal name for its tax invoice (migration 0022), or null. */
  billing: jsonb('billing').$type<{ gstin: string; legalName: string }>(),
  createdAt: createdAt(),
}, (t) => [
  index('bookings_customer_idx').on(t.customerId, t.createdAt),
  index('bookings_vendor_idx').on(t.vendorId, t.serviceDate),
  /** Verified reviews: which reviewers had a Completed booking with the vendor (migration 0012). */
  index('bookings_completed_idx').on(t.vendorId, t.customerId).where(sql`${t.status} = 'Completed'`),
  /** A vendor's date and slot is held by one live booking; Cancelled and Declined ones free it. */
  uniqueIndex('bookings_live_slot_key').on(t.vendorId, t.serviceDate, t.serviceTime).where(sql`${t.status} in ('Pending', 'Confirmed', 'Completed')`),
  index('bookings_unpaid_idx').on(t.createdAt).where(sql`${t.paymentStatus} = 'Pending' AND ${t.paymentMethod} IN ('card', 'upi', 'netbanking') AND ${t.status} = 'Pending'`),
]);

/**
 * The intent to take a payment through a gateway order: `creating` until the gateway made the order (a worker
 * retries from the row), `open` while it can be paid, `paid` once a captured payment is recorded, `void` once the
 * order or booking changed (a new row holds the remainder) or ended. One live row per order or booking.
 */
export const payments = pgTable('payments', {
  id: id(),
  orderId: uuid('order_id').references(() => orders.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  status: text('status', { enum: ['creating', 'open', 'paid', 'void'] }).notNull().default('open'),
  razorpayOrderId: text('razorpay_order_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  razorpayPaymentId: text('razorpay_payment_id'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** While set and ahead, one process is calling the gateway for this row. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [
  unique('payments_razorpay_order_id_key').on(t.razorpayOrderId),
  uniqueIndex('payments_live_order_key').on(t.orderId).where(sql`${t.status} IN ('creating', 'open', 'paid')`),
  uniqueIndex('payments_live_booking_key').on(t.bookingId).where(sql`${t.status} IN ('creating', 'open', 'paid')`),
  index('payments_creating_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'creating'`),
  check('payments_amount_check', sql`${t.amountPaise} >= 100`),
  check('payments_one_target_check', sql`(${t.orderId} IS NULL) <> (${t.bookingId} IS NULL)`),
  check('payments_status_check', sql`${t.status} IN ('creating', 'open', 'paid', 'void')`),
  check('payments_created_check', sql`${t.status} IN ('creating', 'void') OR ${t.razorpayOrderId} IS NOT NULL`),
]);

/**
 * The intent to refund: a cancelled paid line, a delivery fee, a booking, or a payment we could not honour
 * (after expiry, for a cancelled order, a second payment, a wrong amount). Rows sharing `receipt` are one gateway
 * refund; `razorpayRefundId` is null until the gateway answered. The unique keys refund each thing once.
 */
export const paymentRefunds = pgTable('payment_refunds', {
  id: id(),
  paymentId: uuid('payment_id').references(() => payments.id),
  orderId: uuid('order_id').references(() => orders.id),
  lineId: uuid('line_id').references(() => orderLines.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  reason: text('reason').notNull().default('cancelled'),
  receipt: text('receipt').notNull(),
  razorpayPaymentId: text('razorpay_payment_id').notNull(),
  razorpayRefundId: text('razorpay_refund_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  processed: boolean('processed').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  /**
   * Set when the vendor's share of this refund was already released to them (migration 0026, decision record 019):
   * the gateway is not asked for the refund (nor for any row of its receipt) until that share is reversed.
   */
  awaitsReversal: boolean('awaits_reversal').notNull().default(false),
}, (t) => [
  unique('payment_refunds_line_id_key').on(t.lineId),
  unique('payment_refunds_booking_id_key').on(t.bookingId),
  uniqueIndex('payment_refunds_fee_key').on(t.orderId).where(sql`${t.reason} = 'delivery fee'`),
  uniqueIndex('payment_refunds_unhonoured_key').on(t.razorpayPaymentId).where(sql`${t.lineId} IS NULL AND ${t.bookingId} IS NULL AND ${t.reason} <> 'delivery fee'`),
  index('payment_refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.razorpayRefundId} IS NULL`),
  check('payment_refunds_amount_check', sql`${t.amountPaise} > 0`),
]);

/** Razorpay webhook events already handled (X-Razorpay-Event-Id), so a redelivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const savedBookingDetails = pgTable('saved_booking_details', {
  customerId: uuid('customer_id').primaryKey().references(() => customers.id),
  address: jsonb('address').$type<StoredBookingAddress>().notNull(),
  customer: jsonb('customer').$type<StoredBookingCustomer>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messages = pgTable('messages', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  sender: participant('sender').notNull(),
  text: text('text').notNull(),
  /** The sending client's own id for the message: one stored message per id, however often it is sent. */
  clientId: text('client_id'),
  /** When the receiver read it; null while unread. */
  readAt: timestamp('read_at', { withTimezone: true }),
  /** How it arrived: spec clients send each message by both, and a twin from the other channel is the same message. */
  channel: text('channel', { enum: ['socket', 'post'] }).notNull().default('post'),
  /** Set once a message without an id has absorbed its twin from the other channel (migration 0008). */
  paired: boolean('paired').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  index('messages_thread_idx').on(t.customerId, t.vendorId, t.createdAt),
  index('messages_unread_vendor_idx').on(t.vendorId, t.customerId).where(sql`${t.readAt} is null`),
  check('messages_channel_check', sql`${t.channel} in ('socket', 'post')`),
  index('messages_vendor_idx').on(t.vendorId, t.createdAt),
  index('messages_unread_idx').on(t.customerId, t.vendorId, t.sender).where(sql`${t.readAt} is null`),
  uniqueIndex('messages_client_id_key').on(t.customerId, t.vendorId, t.sender, t.clientId).where(sql`${t.clientId} is not null`),
]);

/** When a party was last mailed about unread messages of a conversation: at most one mail an hour. */
export const chatNotifications = pgTable('chat_notifications', {
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  recipient: participant('recipient').notNull(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.customerId, t.vendorId, t.recipient] })]);

/**
 * Every word of the products' names, brands and categories (kept by triggers on products, migration 0006):
 * where a misspelt search word finds the word it meant. Words of deleted products stay.
 */
/** How often each product was viewed (POST /updateview/{productId}); a row appears with its first view. */
export const productViews = pgTable('product_views', {
  productId: uuid('product_id').primaryKey().references(() => products.id),
  views: integer('views').notNull().default(0),
});

export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
}, (t) => [index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)]);

export const sessions = pgTable('sessions', {
  id: id(),
  tokenHash: text('token_hash').notNull(),
  customerId: uuid('customer_id').references(() => customers.id),
  vendorId: uuid('vendor_id').references(() => vendors.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
  check('sessions_owner_check', sql`num_nonnulls(${t.customerId}, ${t.vendorId}) = 1`),
]);

export const otpCodes = pgTable('otp_codes', {
  id: id(),
  email: text('email').notNull(),
  purpose: otpPurpose('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  verifiedUntil: timestamp('verified_until', { withTimezone: true }),
  requestIp: text('request_ip'),
  createdAt: createdAt(),
}, (t) => [index('otp_codes_email_idx').on(sql`lower(${t.email})`, t.createdAt)]);

export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('email_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)]);

export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').notNull(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  route: text('route').notNull(),
  statusCode: integer('status_code').notNull(),
  responseBody: jsonb('response_body').notNull(),
  /** sha256 of the first request's method, route and canonical body (null for keys stored before it was kept). */
  requestHash: text('request_hash'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.customerId, t.route, t.key] })]);

/** Marks a completed seed; lets start-up skip seeding cheaply. */
export const seedRuns = pgTable('seed_runs', {
  version: text('version').primaryKey(),
  completed: boolean('completed').notNull().default(true),
  createdAt: createdAt(),
});

/** Events counted by rate limits (failed logins…); in the database so every server process shares them. */
export const rateLimitEvents = pgTable('rate_limit_events', {
  id: id(),
  bucket: text('bucket').notNull(),
  createdAt: createdAt(),
}, (t) => [index('rate_limit_events_bucket_idx').on(t.bucket, t.createdAt)]);

// The operator console

export const operatorRole = pgEnum('operator_role', ['admin', 'support', 'finance']);

export const operators = pgTable('operators', {
  id: id(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: operatorRole('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Set by a right password: the mailed code may open a session until then (the password alone opens nothing). */
  loginPendingUntil: timestamp('login_pending_until', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('operators_email_key').on(sql`lower(${t.email})`)]);

export const opsSessions = pgTable('ops_sessions', {
  id: id(),
  operatorId: uuid('operator_id').notNull().references(() => operators.id),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  /** Moved on every use; a session idle for 30 minutes, or 8 hours old, is over (database clock). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [uniqueIndex('ops_sessions_token_hash_key').on(t.tokenHash)]);

/** Append-only (a trigger refuses UPDATE and DELETE): who changed what, before and after, and why. */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** Null for the command line. */
  operatorId: uuid('operator_id').references(() => operators.id),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
}, (t) => [
  index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
  index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.at.desc()),
]);

/**
 * The platform's commission rates in basis points, one row per scope: `default:materials`, `default:services`,
 * `category:<lower name>`, `vendor:<id>`. The most specific applies (vendor > category > default).
 */
export const commissionRates = pgTable('commission_rates', {
  scopeKey: text('scope_key').primaryKey(),
  rateBps: integer('rate_bps').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('commission_rates_bps_check', sql`${t.rateBps} >= 0 AND ${t.rateBps} <= 10000`),
  check('commission_rates_scope_check', sql`${t.scopeKey} ~ '^(default:(materials|services)|category:.+|vendor:[0-9a-f-]{36})$'`),
]);

export const payoutBusinessType = pgEnum('payout_business_type', ['individual', 'proprietorship', 'partnership', 'llp', 'private_limited', 'public_limited']);
export const payoutAccountStatus = pgEnum('payout_account_status', ['not_submitted', 'pending', 'activated', 'needs_clarification', 'under_review', 'suspended']);

/** The vendor's payout account (KYC for money), one per vendor. The account number never leaves unmasked. */
export const vendorPayoutAccounts = pgTable('vendor_payout_accounts', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendors.id),
  legalName: text('legal_name').notNull(),
  businessType: payoutBusinessType('business_type').notNull(),
  pan: text('pan').notNull(),
  gstin: text('gstin'),
  accountNumber: text('account_number').notNull(),
  ifsc: text('ifsc').notNull(),
  beneficiaryName: text('beneficiary_name').notNull(),
  status: payoutAccountStatus('status').notNull().default('pending'),
  /** The gateway's linked account (`acc_...`), once created; unique. */
  routeAccountId: text('route_account_id'),
  /** What the gateway asked for when the linked account needs clarification (decision record 018). */
  statusReason: text('status_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('vendor_payout_accounts_route_account_id_idx').on(t.routeAccountId)]);

/** What Route's linked account and stakeholder are created from (decision record 018); no bank account number. */
export interface RouteAccountRequest {
  email: string; phone: string; legalBusinessName: string; businessType: string; contactName: string;
  pan: string; gstin: string | null; referenceId: string; category: string; subcategory: string;
  address: { street1: string; street2: string; city: string; state: string; postalCode: string };
}

/**
 * The intent to bring the vendor's Route linked account in line with the saved payout account (decision record
 * 018): each save bumps `generation` in its transaction; the worker pushes it to the gateway after the commit.
 */
export const routeAccountIntents = pgTable('route_account_intents', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendorPayoutAccounts.vendorId),
  generation: integer('generation').notNull().default(1),
  syncedGeneration: integer('synced_generation').notNull().default(0),
  stakeholderId: text('stakeholder_id'),
  productId: text('product_id'),
  /** The details sent to create the account (and the stakeholder), kept until it is made: each retry sends the same body. */
  accountRequest: jsonb('account_request').$type<RouteAccountRequest>(),
  stakeholderRequest: jsonb('stakeholder_request').$type<RouteAccountRequest>(),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('route_account_intents_due_idx').on(t.nextAttemptAt).where(sql`${t.generation} > ${t.syncedGeneration}`)]);
/**
 * Disputes (migration 0020, decision record 020): a customer's problem with an order line or a booking, the
 * vendor's answer and support's resolution; one unresolved dispute per line or booking under races.
 */
export const disputes = pgTable('disputes', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  orderId: uuid('order_id').references(() => orders.id),
  lineId: uuid('line_id').references(() => orderLines.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  reason: text('reason').$type<'not_delivered' | 'damaged' | 'wrong_item' | 'professional_no_show' | 'poor_work'>().notNull(),
  text: text('text').notNull(),
  /** Private files (POST /api/files) the customer attached. */
  photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
  status: text('status').$type<'open' | 'answered' | 'refunded' | 'rejected'>().notNull().default('open'),
  vendorAnswer: text('vendor_answer'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  resolutionReason: text('resolution_reason'),
  refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
  resolvedBy: text('resolved_by'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  /** A refund support paid outside the gateway (a cash sale): how, and the UPI or bank reference (decision record 028). */
  paidOutsideMethod: text('paid_outside_method').$type<'upi' | 'bank'>(),
  paidOutsideReference: text('paid_outside_reference'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('disputes_paid_outside_line_key').on(t.lineId).where(sql`${t.paidOutsideMethod} IS NOT NULL AND ${t.lineId} IS NOT NULL`),
  uniqueIndex('disputes_paid_outside_booking_key').on(t.bookingId).where(sql`${t.paidOutsideMethod} IS NOT NULL AND ${t.bookingId} IS NOT NULL`),
  uniqueIndex('disputes_open_line_key').on(t.lineId).where(sql`${t.status} in ('open', 'answered') AND ${t.lineId} IS NOT NULL`),
  uniqueIndex('disputes_open_booking_key').on(t.bookingId).where(sql`${t.status} in ('open', 'answered') AND ${t.bookingId} IS NOT NULL`),
  index('disputes_customer_idx').on(t.customerId, t.createdAt),
  index('disputes_vendor_idx').on(t.vendorId, t.createdAt),
  index('disputes_status_idx').on(t.status, t.createdAt),
  check('disputes_one_target_check', sql`(${t.lineId} IS NULL) <> (${t.bookingId} IS NULL)`),
  check('disputes_status_check', sql`${t.status} in ('open', 'answered', 'refunded', 'rejected')`),
  check('disputes_reason_check', sql`${t.reason} in ('not_delivered', 'damaged', 'wrong_item', 'professional_no_show', 'poor_work')`),
  check('disputes_refunded_check', sql`${t.refundedPaise} >= 0`),
]);

// GST invoices (decision record 022)

/**
 * The last number of each invoice series per financial year: `vendor:<id>`, `vendor-cn:<id>`, `platform`,
 * `platform-cn`. Bumped by one upsert inside the issuing transaction, whose row lock makes racing issues take
 * turns; a rolled-back issue rolls its number back, so the series has no gaps.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').notNull(),
  fy: text('fy').notNull(),
  lastSeq: integer('last_seq').notNull(),
}, (t) => [primaryKey({ columns: [t.series, t.fy] })]);

/**
 * Tax invoices, bills of supply and credit notes as issued: `document` holds what the invoice says (parties,
 * lines, totals) and never changes; the totals are columns too, for the tax reports. `supplyKey` names what was
 * invoiced (`order:<id>:vendor:<id>`, `order:<id>:platform`, `booking:<id>:vendor|platform`, `refund:<id>`), so it is
 * invoiced once under races. The PDF is rendered once, stored, and its key kept.
 */
export const invoices = pgTable('invoices', {
  id: id(),
  kind: text('kind').$type<'tax_invoice' | 'bill_of_supply' | 'credit_note'>().notNull(),
  supplyKey: text('supply_key').notNull(),
  series: text('series').notNull(),
  fy: text('fy').notNull(),
  seq: integer('seq'),
  number: text('number'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null when the platform is the supplier. */
  vendorId: uuid('vendor_id').references(() => vendors.id),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  orderId: uuid('order_id').references(() => orders.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  refersTo: uuid('refers_to'),
  taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
  cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
  sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
  igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  document: jsonb('document').$type<InvoiceDocument>().notNull(),
  pdfKey: text('pdf_key'),
}, (t) => [
  uniqueIndex('invoices_supply_key').on(t.supplyKey),
  uniqueIndex('invoices_series_seq_key').on(t.series, t.fy, t.seq),
  index('invoices_customer_idx').on(t.customerId, t.issuedAt),
  index('invoices_vendor_idx').on(t.vendorId, t.issuedAt),
  index('invoices_order_idx').on(t.orderId),
  check('invoices_kind_check', sql`${t.kind} in ('tax_invoice', 'bill_of_supply', 'credit_note')`),
]);

/**
 * Money out (decision record 019): the intent to transfer one vendor's share of one paid order or booking to their
 * Route linked account, on hold. `amountPaise` is what the vendor should end with (reduced by refunds and netting);
 * `sentPaise` and `razorpayTransferId` are set once the gateway made the transfer. `routeAccountId` is null while the
 * vendor has no activated account (the money stays payable). `releaseDueAt` asks for the hold's release.
 */
export const vendorTransfers = pgTable('vendor_transfers', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  orderId: uuid('order_id').references(() => orders.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  razorpayPaymentId: text('razorpay_payment_id').notNull(),
  routeAccountId: text('route_account_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  sentPaise: bigint('sent_paise', { mode: 'number' }),
  razorpayTransferId: text('razorpay_transfer_id'),
  gatewayStatus: text('gateway_status'),
  settlementId: text('settlement_id'),
  releaseDueAt: timestamp('release_due_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  /** An operator's extension of the hold (migration 0024): no release before it, whatever releaseDueAt says. */
  heldUntil: timestamp('held_until', { withTimezone: true }),
}, (t) => [
  uniqueIndex('vendor_transfers_order_key').on(t.vendorId, t.orderId).where(sql`${t.orderId} IS NOT NULL`),
  uniqueIndex('vendor_transfers_booking_key').on(t.bookingId).where(sql`${t.bookingId} IS NOT NULL`),
  uniqueIndex('vendor_transfers_razorpay_key').on(t.razorpayTransferId),
  index('vendor_transfers_due_idx').on(t.nextAttemptAt).where(sql`${t.razorpayTransferId} IS NULL`),
  index('vendor_transfers_failed_idx').on(t.createdAt).where(sql`${t.razorpayTransferId} IS NULL AND (${t.attempts} > 0 OR ${t.gatewayStatus} = 'failed')`),
  index('vendor_transfers_release_idx').on(t.releaseDueAt).where(sql`${t.releasedAt} IS NULL AND ${t.releaseDueAt} IS NOT NULL`),
  check('vendor_transfers_one_target_check', sql`(${t.orderId} IS NULL) <> (${t.bookingId} IS NULL)`),
  check('vendor_transfers_amount_check', sql`${t.amountPaise} >= 0`),
]);

/** The intent to reverse part of a made transfer (a refund of a paid line or booking), once per refund row. */
export const transferReversals = pgTable('transfer_reversals', {
  id: id(),
  transferId: uuid('transfer_id').notNull().references(() => vendorTransfers.id),
  refundId: uuid('refund_id').references(() => paymentRefunds.id),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  razorpayReversalId: text('razorpay_reversal_id'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('transfer_reversals_refund_key').on(t.refundId),
  index('transfer_reversals_due_idx').on(t.nextAttemptAt).where(sql`${t.razorpayReversalId} IS NULL`),
  check('transfer_reversals_amount_check', sql`${t.amountPaise} > 0`),
]);

/** What a vendor owes the platform in commission on cash sales, netted from their next online transfers. */
export const vendorCashDebts = pgTable('vendor_cash_debts', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendors.id),
  debtPaise: bigint('debt_paise', { mode: 'number' }).notNull().default(0),
}, (t) => [check('vendor_cash_debts_check', sql`${t.debtPaise} >= 0`)]);

/**
 * The append-only double-entry ledger (a trigger refuses UPDATE and DELETE): each movement is rows sharing
 * `movementId` whose amounts (debit positive) sum to zero, across accounts like `customer_payments`,
 * `platform_revenue`, `vendor_payable:<id>`, `vendor_held:<id>`, `gateway_transfers:<id>`, `vendor_debt:<id>`.
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  movementId: uuid('movement_id').notNull(),
  kind: text('kind', { enum: ['sale', 'commission', 'transfer', 'hold release', 'reversal', 'refund', 'cash commission owed', 'netting', 'refund paid outside'] }).notNull(),
  account: text('account').notNull(),
  vendorId: uuid('vendor_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  orderId: uuid('order_id'),
  lineId: uuid('line_id'),
  bookingId: uuid('booking_id'),
  transferId: uuid('transfer_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('ledger_entries_vendor_idx').on(t.vendorId, t.at),
  index('ledger_entries_movement_idx').on(t.movementId),
  check('ledger_entries_kind_check', sql`${t.kind} IN ('sale', 'commission', 'transfer', 'hold release', 'reversal', 'refund', 'cash commission owed', 'netting', 'refund paid outside')`),
]);

/**
 * Private files (KYC documents, dispute photos): the bytes are in the storage's private area under storageKey,
 * served only to the owner and to operators through /api/files/{id} (decision record 021).
 */
export const privateFiles = pgTable('private_files', {
  id: uuid('id').primaryKey(),
  ownerKind: text('owner_kind', { enum: ['customer', 'vendor'] }).notNull(),
  ownerId: uuid('owner_id').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('private_files_owner_idx').on(t.ownerKind, t.ownerId, t.createdAt),
  check('private_files_owner_kind_check', sql`${t.ownerKind} in ('customer', 'vendor')`),
  check('private_files_size_check', sql`${t.size} >= 0`),
]);

/** A vendor's KYC documents, one file of each kind (replaced in place). */
export const vendorDocuments = pgTable('vendor_documents', {
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  kind: text('kind', { enum: ['panCard', 'gstCertificate', 'cancelledCheque'] }).notNull(),
  fileId: uuid('file_id').notNull().references(() => privateFiles.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'vendor_documents_pkey', columns: [t.vendorId, t.kind] }),
  check('vendor_documents_kind_check', sql`${t.kind} in ('panCard', 'gstCertificate', 'cancelledCheque')`),
]);
export * from './schema/delivery.ts';
