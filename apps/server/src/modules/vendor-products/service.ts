import { VENDOR_PRODUCT_MSG, chooseProductTax, type ZVendorProductBody, type ZVendorProductPatch } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import * as catalogue from '../catalogue/service.ts';
import { ownsUploads } from '../uploads/service.ts';
import { getVendorMe } from '../vendors/service.ts';
import { toProductChanges } from './wire.ts';

/** Products belong to sellers; a professional offers services instead. */
async function requireSeller(db: Db, vendorId: string) {
  const me = await getVendorMe(db, vendorId);
  if (me.kind !== 'seller') throw new AppError('FORBIDDEN', VENDOR_PRODUCT_MSG.sellersOnly);
  return me;
}

/** Images must be this vendor's own uploads: never a link elsewhere, nor another vendor's picture. */
async function requireOwnImages(db: Db, vendorId: string, urls: string[] | undefined) {
  if (urls !== undefined && !(await ownsUploads(db, vendorId, urls))) throw fieldError('ProductUrl', VENDOR_PRODUCT_MSG.imageNotOurs);
}

export async function listProducts(db: Db, vendorId: string) {
  await requireSeller(db, vendorId);
  return catalogue.listOwnProducts(db, vendorId);
}

export async function createProduct(db: Db, vendorId: string, body: z.output<typeof ZVendorProductBody>) {
  const me = await requireSeller(db, vendorId);
  if (!me.approved) throw new AppError('FORBIDDEN', VENDOR_PRODUCT_MSG.notApproved);
  await requireOwnImages(db, vendorId, body.ProductUrl);
  const c = toProductChanges(body);
  // The schema checked the HSN and rate against the category; this stores the checked choice (null: the default).
  const tax = chooseProductTax(body.ProductCategory, body.ProductHsn ?? null, body.ProductGstRate ?? null);
  if (!tax.ok) throw fieldError(tax.field, tax.message);
  return catalogue.createOwnProduct(db, vendorId, {
    name: c.name!, category: c.category!, brand: c.brand!, pricePaise: c.pricePaise!, mrpPaise: c.mrpPaise ?? null, unit: c.unit!, stock: c.stock!,
    location: c.location!, description: c.description!, tag: c.tag ?? null, images: c.images!, ...tax.choice,
    weightKg: c.weightKg ?? null, volumeM3: c.volumeM3 ?? null,
  }, body.QuantityBreaks);
}

export async function changeProduct(db: Db, vendorId: string, id: string, body: z.output<typeof ZVendorProductPatch>) {
  await requireSeller(db, vendorId);
  await requireOwnImages(db, vendorId, body.ProductUrl);
  return catalogue.changeOwnProduct(db, vendorId, id, toProductChanges(body), { hsn: body.ProductHsn, ratePercent: body.ProductGstRate }, body.QuantityBreaks);
}

export async function deleteProduct(db: Db, vendorId: string, id: string) {
  await requireSeller(db, vendorId);
  await catalogue.deleteOwnProduct(db, vendorId, id);
  return { message: VENDOR_PRODUCT_MSG.deleted };
}
