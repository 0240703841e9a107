import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './auth.ts';
import { products } from './catalogue.ts';
import { id, createdAt } from './columns.ts';

/** The cart module. */

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
