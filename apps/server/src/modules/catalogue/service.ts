import { RELATED_PRODUCTS_LIMIT, SEARCH_RESULTS_LIMIT, MSG } from '@nirmaan/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { toWireProduct, toWireProductDetail, toWireProductReview } from './wire.ts';

export async function searchProducts(db: Db, term: string) {
  const rows = await repo.searchProducts(db, term, SEARCH_RESULTS_LIMIT);
  return rows.map(toWireProduct);
}

export async function getProduct(db: Db, id: string) {
  const row = await repo.findProduct(db, id);
  if (!row) throw notFound(MSG.productNotFound);
  return toWireProductDetail(row);
}

export async function listRelatedProducts(db: Db, category: string, excludeId?: string) {
  const rows = await repo.listRelatedProducts(db, category, excludeId, RELATED_PRODUCTS_LIMIT);
  return rows.map(toWireProduct);
}

export async function listProductReviews(db: Db, productId: string) {
  if (!(await repo.productExists(db, productId))) throw notFound(MSG.productNotFound);
  const rows = await repo.listProductReviews(db, productId);
  return { getreview: rows.map(toWireProductReview) };
}

/** A seller's products for its store (the vendors module asks through here). */
export async function listProductsOfVendor(db: Db, vendorId: string) {
  return (await repo.listProductsOfVendor(db, vendorId)).map(toWireProduct);
}
