import type { CartItem } from '@nirmaan/shared';
import { MSG, breakFor, nextBreakAfter, paiseToRupees, unitPricePaise } from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findProductsForSale, type ProductForSale } from '../catalogue/service.ts';
import * as repo from './repository.ts';

const ITEM_NOT_FOUND = 'This item is no longer in your cart.';

/**
 * A cart row with its product as the catalogue has it now: name, price, image and seller are never the client's. The
 * price is the unit price the row's quantity gets: a quantity price when it reaches one (docs/decisions/035).
 */
function toWireCartItem(row: repo.CartRow, p: ProductForSale): CartItem {
  const unitPaise = unitPricePaise(p.pricePaise, p.quantityBreaks, row.quantity);
  const applied = unitPaise < p.pricePaise ? breakFor(p.quantityBreaks, row.quantity) : null;
  return {
    _id: row.id,
    Vendorid: p.vendorId,
    productid: p.id,
    producturl: p.images[0] ?? '',
    productname: p.name,
    productQuantity: row.quantity,
    productprice: paiseToRupees(unitPaise),
    productvendor: p.vendorName,
    productcategory: p.category || 'General',
    customerid: row.customerId,
    productunit: p.unit,
    // A product its seller deleted stays in the cart, shown as none left, and cannot be ordered.
    stock: p.onSale ? p.stock : 0,
    listPricePaise: p.pricePaise,
    quantityBreak: applied,
    nextQuantityBreak: nextBreakAfter(p.quantityBreaks, row.quantity),
  };
}

async function withProducts(db: Db, rows: repo.CartRow[]): Promise<CartItem[]> {
  const products = new Map((await findProductsForSale(db, rows.map((r) => r.productId))).map((p) => [p.id, p]));
  return rows.flatMap((r) => {
    const p = products.get(r.productId);
    return p ? [toWireCartItem(r, p)] : [];
  });
}

export async function addToCart(db: Db, customerId: string, productId: string, quantity: number): Promise<CartItem> {
  const [product] = await findProductsForSale(db, [productId]);
  if (!product?.onSale) throw notFound(MSG.productNotFound);
  const row = await repo.addOrIncrement(db, customerId, productId, quantity);
  return toWireCartItem(row, product);
}

export async function listCart(db: Db, customerId: string): Promise<CartItem[]> {
  return withProducts(db, await repo.listItems(db, customerId));
}

export const countCart = repo.countItems;

export async function removeFromCart(db: Db, customerId: string, itemId: string) {
  if (!(await repo.deleteItem(db, customerId, itemId))) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
}

export async function changeQuantity(db: Db, customerId: string, itemId: string, quantity: number): Promise<CartItem> {
  const row = await repo.setQuantity(db, customerId, itemId, quantity);
  if (!row) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
  const [item] = await withProducts(db, [row]);
  if (!item) throw notFound(MSG.productNotFound);
  return item;
}

/** For orders: the ordered products leave the cart in the order's own transaction. */
export const removeOrderedProducts = (tx: Tx, customerId: string, productIds: string[]) => repo.removeProducts(tx, customerId, productIds);
/** Puts an expired order's products back in the cart, inside its transaction. */
export const returnToCart = (tx: Tx, customerId: string, items: { productId: string; quantity: number }[]) => repo.returnProducts(tx, customerId, items);
