import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OrderLine } from '@nirmaan/shared';
import { customers } from './auth.ts';
import { products } from './catalogue.ts';
import { id, createdAt, paymentStatus, paymentMethod } from './columns.ts';
import { privateFiles } from './files.ts';
import { vendors } from './vendors.ts';

/** The orders module: orders and their lines. */

export const orderStatus = pgEnum('order_status', ['Pending', 'Shipped', 'Delivered', 'Cancelled']);

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
   * Proof at the door (migration 0033, decision 032): the customer's 4-digit code (plain: the customer reads it
   * again in My orders; never logged, never in another party's answer), the wrong tries (at most 5), or a photo
   * (a private file of the vendor) and the receiver's name when the customer was away.
   */
  /**
   * Delivery (migration 0035): the line's share of its seller's own delivery fee (0 under the platform's flat fee,
   * which stays in orders.delivery_fee_paise with the sellers' fees), and the date and window promised.
   */
  deliveryFeePaise: bigint('delivery_fee_paise', { mode: 'number' }).notNull().default(0),
  deliveryDate: date('delivery_date'),
  deliveryWindow: text('delivery_window'),
  deliveryCode: text('delivery_code'),
  deliveryCodeTries: integer('delivery_code_tries').notNull().default(0),
  deliveryPhotoId: uuid('delivery_photo_id').references(() => privateFiles.id),
  deliveryReceivedBy: text('delivery_received_by'),
  createdAt: createdAt(),
}, (t) => [
  index('order_lines_order_idx').on(t.orderId),
  index('order_lines_vendor_idx').on(t.vendorId, t.createdAt),
  /** Verified reviews, from the product's or the vendor's side (migration 0012). */
  index('order_lines_delivered_product_idx').on(t.productId, t.orderId).where(sql`${t.status} = 'Delivered'`),
  index('order_lines_delivered_vendor_idx').on(t.vendorId, t.orderId).where(sql`${t.status} = 'Delivered'`),
  check('order_lines_quantity_check', sql`${t.quantity} >= 1`),
  check('order_lines_delivery_code_check', sql`${t.deliveryCode} ~ '^[0-9]{4}$'`),
  check('order_lines_delivery_code_tries_check', sql`${t.deliveryCodeTries} between 0 and 5`),
]);
