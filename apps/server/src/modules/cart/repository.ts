import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { QUANTITY_MAX } from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems } from '../../db/schema/cart.ts';

export type CartRow = typeof cartItems.$inferSelect;

/** One row per customer and product: adding again raises the quantity, atomically (capped at the maximum). */
export async function addOrIncrement(db: Db, customerId: string, productId: string, quantity: number): Promise<CartRow> {
  const [row] = await db.insert(cartItems).values({ customerId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.customerId, cartItems.productId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${QUANTITY_MAX})` },
    })
    .returning();
  return row!;
}

export async function listItems(db: Db, customerId: string): Promise<CartRow[]> {
  return db.select().from(cartItems).where(eq(cartItems.customerId, customerId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function countItems(db: Db, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return row?.n ?? 0;
}

export async function deleteItem(db: Db, customerId: string, itemId: string): Promise<CartRow | undefined> {
  const [row] = await db.delete(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.customerId, customerId))).returning();
  return row;
}

export async function setQuantity(db: Db, customerId: string, itemId: string, quantity: number): Promise<CartRow | undefined> {
  const [row] = await db.update(cartItems).set({ quantity })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.customerId, customerId))).returning();
  return row;
}

/** Takes ordered products out of the cart, inside the order's transaction. */
export async function removeProducts(tx: Tx, customerId: string, productIds: string[]) {
  if (productIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.customerId, customerId), inArray(cartItems.productId, productIds)));
}

/** Puts products back in the cart (an expired unpaid order), adding to what is there, inside the caller's transaction. */
export async function returnProducts(tx: Tx, customerId: string, items: { productId: string; quantity: number }[]) {
  if (items.length === 0) return;
  await tx.insert(cartItems).values(items.map((i) => ({ customerId, productId: i.productId, quantity: Math.min(i.quantity, QUANTITY_MAX) })))
    .onConflictDoUpdate({
      target: [cartItems.customerId, cartItems.productId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${QUANTITY_MAX})` },
    });
}
