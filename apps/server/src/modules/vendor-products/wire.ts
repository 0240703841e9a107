import { rupeesToPaise, type ZVendorProductPatch } from '@nirmaan/shared';
import type { z } from 'zod';
import type { ProductChanges } from '../catalogue/service.ts';

type Fields = z.output<typeof ZVendorProductPatch>;

/**
 * The portal's field names → the products table's columns; only the fields sent. An empty tag means none. Prices
 * come in rupees (the schema allows two decimals) and are stored in paise.
 */
export function toProductChanges(b: Fields): ProductChanges {
  const changes: ProductChanges = {};
  if (b.ProductName !== undefined) changes.name = b.ProductName;
  if (b.ProductCategory !== undefined) changes.category = b.ProductCategory;
  if (b.ProductBrand !== undefined) changes.brand = b.ProductBrand;
  if (b.ProductPrice !== undefined) changes.pricePaise = rupeesToPaise(b.ProductPrice);
  if (b.ProductMrp !== undefined) changes.mrpPaise = b.ProductMrp === null ? null : rupeesToPaise(b.ProductMrp);
  if (b.ProductUnit !== undefined) changes.unit = b.ProductUnit;
  if (b.Stock !== undefined) changes.stock = b.Stock;
  if (b.ProductLocation !== undefined) changes.location = b.ProductLocation;
  if (b.ProductDescription !== undefined) changes.description = b.ProductDescription;
  if (b.Tag !== undefined) changes.tag = b.Tag === '' ? null : b.Tag;
  if (b.ProductUrl !== undefined) changes.images = b.ProductUrl;
  if (b.ProductWeightKg !== undefined) changes.weightKg = b.ProductWeightKg;
  if (b.ProductVolumeM3 !== undefined) changes.volumeM3 = b.ProductVolumeM3;
  return changes;
}
