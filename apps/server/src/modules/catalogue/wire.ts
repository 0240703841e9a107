import { roundRating } from '../../lib/rating.ts';
import { materialTaxClass, paiseToRupees, type Product, type ProductDetail, type QuantityBreak, type VendorProduct } from '@nirmaan/shared';
import { loadPerUnit } from '@nirmaan/shared/delivery';
import type { ListedRow, ProductRow } from './repository.ts';

/** A product's weight and volume per unit, in the wire's names (its own, else its category's usual figure). */
function wireLoad(p: Parameters<typeof loadPerUnit>[0]) {
  const { weightKg, volumeM3 } = loadPerUnit(p);
  return { ProductWeightKg: weightKg, ProductVolumeM3: volumeM3 };
}

/** Database rows → the spec's wire field names. The only place this mapping lives. */


export function toWireProduct(row: ListedRow): Product {
  const p = row.product;
  return {
    _id: p.id,
    ProductName: p.name,
    ProductBrand: p.brand,
    ProductCategory: p.category,
    ProductPrice: paiseToRupees(p.pricePaise),
    ProductMrp: p.mrpPaise === null ? null : paiseToRupees(p.mrpPaise),
    ProductUnit: p.unit,
    ProductUrl: p.images,
    ProductLocation: p.location,
    ProductReview: roundRating(row.reviewAverage),
    ProductReviewCount: Number(row.reviewCount),
    Tag: p.tag,
    Vendor: { _id: row.vendor.id, Business_Name: row.vendor.businessName },
  };
}

export function toWireProductDetail(row: ProductRow, quantityBreaks: QuantityBreak[]): ProductDetail {
  return {
    ...toWireProduct(row),
    ProductDescription: row.product.description,
    InStock: row.product.stock > 0,
    QuantityBreaks: quantityBreaks,
    Vendor: {
      _id: row.vendor.id,
      Business_Name: row.vendor.businessName,
      City: row.vendor.city,
      Business_address: row.vendor.businessAddress,
      Profile_Image: row.vendor.profileImage,
    },
  };
}

/** The vendor portal's view of its own product: the public fields plus description, stock, tax, load and quantity prices. */
export function toWireVendorProduct(row: ProductRow, quantityBreaks: QuantityBreak[]): VendorProduct {
  const tax = materialTaxClass(row.product.category, row.product.hsn, row.product.gstRatePercent);
  return {
    ...toWireProduct(row),
    ProductDescription: row.product.description,
    Stock: row.product.stock,
    ProductHsn: tax.code,
    ProductGstRate: tax.ratePercent,
    ...wireLoad(row.product),
    QuantityBreaks: quantityBreaks,
    createdAt: row.product.createdAt.toISOString(),
  };
}
