import { z } from 'zod';
import { CHARGE_TYPES } from './constants.ts';

/**
 * Wire schemas of the HTTP contract (docs/api-contract.md). Field names are the spec's; the server's
 * response schemas are the allow-list of what may leave it.
 */

export const ZId = z.uuid({ message: 'That link is not valid: the id is malformed.' });
export const ZIdParams = z.object({ id: ZId });

export const ZVendorRef = z.object({
  _id: z.string(),
  Business_Name: z.string(),
});

export const ZProduct = z.object({
  _id: z.string(),
  ProductName: z.string(),
  ProductBrand: z.string().nullable(),
  ProductCategory: z.string(),
  /** Price in rupees for one `ProductUnit`. */
  ProductPrice: z.number(),
  /** Maximum retail price when the seller states one; a discount is shown only then. */
  ProductMrp: z.number().nullable(),
  ProductUnit: z.string(),
  ProductUrl: z.array(z.string()),
  ProductLocation: z.string(),
  /** Average of stored reviews, absent (null) when there are none. */
  ProductReview: z.number().nullable(),
  ProductReviewCount: z.number().int(),
  Tag: z.string().nullable(),
  Vendor: ZVendorRef,
});

/**
 * How a review's author is known to have dealt with what they reviewed (computed when read):
 * "purchase" — a Delivered order line of that product (or, for a seller, from that vendor); "booking" — a
 * Completed booking with that professional. Absent when neither.
 */
export const REVIEW_VERIFICATIONS = ['purchase', 'booking'] as const;
export const ZReviewVerified = z.enum(REVIEW_VERIFICATIONS).optional();
export type ReviewVerified = z.infer<typeof ZReviewVerified>;
export type Product = z.infer<typeof ZProduct>;

/** One quantity price (quantity-breaks.ts): from `minQuantity` units on, `pricePaise` a unit. */
export const ZQuantityBreak = z.object({ minQuantity: z.number().int(), pricePaise: z.number().int() });

export const ZProductDetail = ZProduct.extend({
  ProductDescription: z.string(),
  InStock: z.boolean(),
  Vendor: ZVendorRef.extend({
    City: z.string(),
    Business_address: z.string(),
    Profile_Image: z.string().nullable(),
  }),
  /** Of ProductReviewCount, how many are by customers with a Delivered line of this product. */
  ProductVerifiedReviewCount: z.number().int().optional(),
  /**
   * Lower unit prices from a quantity on (GST-inclusive, paise), in quantity order; the cart and orders apply them.
   * Absent or empty: one price for every quantity.
   */
  QuantityBreaks: z.array(ZQuantityBreak).optional(),
});
export type ProductDetail = z.infer<typeof ZProductDetail>;

export const ZProductList = z.array(ZProduct);

export const ZRelatedParams = z.object({ category: z.string().trim().min(1).max(100) });
export const ZRelatedQuery = z.object({ exclude: ZId.optional() });

export const ZProductReview = z.object({
  _id: z.string(),
  productId: z.string(),
  customerName: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  verified: ZReviewVerified,
});
export type ProductReview = z.infer<typeof ZProductReview>;
export const ZProductReviewList = z.object({ getreview: z.array(ZProductReview) });

export const ZServiceVendor = z.object({
  _id: z.string(),
  Business_Name: z.string(),
  Owner_name: z.string(),
  Description: z.string(),
  Category: z.string(),
  Sub_Category: z.array(z.string()),
  Charge_Per_Hour_or_Day: z.number(),
  Charge_Type: z.enum(CHARGE_TYPES),
  Profile_Image: z.string().nullable(),
  City: z.string(),
  Rating: z.number().nullable(),
  ReviewCount: z.number().int(),
});
export type ServiceVendor = z.infer<typeof ZServiceVendor>;

/** Services lists page in SQL: `/fetch/services` keeps the spec's shape, at most 200 without `limit`. */
export const SERVICES_LIST_CAP = 200;
export const ZFetchServicesQuery = z.object({
  category: z.string().trim().max(100, 'Search terms are at most 100 characters.').optional().default(''),
  /** Text over name, owner, description and sub-categories (the original client's filter). */
  q: z.string().trim().max(100, 'Search terms are at most 100 characters.').optional(),
  subCategory: z.string().trim().max(60).optional(),
  band: z.enum(['low', 'medium', 'high'], 'band is low, medium or high.').optional(),
  city: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1, 'limit is at least 1.').max(SERVICES_LIST_CAP, `limit is at most ${SERVICES_LIST_CAP}.`).optional(),
  page: z.coerce.number().int().min(1, 'page is at least 1.').max(10_000, 'page is at most 10000.').optional(),
});
export const ZServiceList = z.object({
  services: z.array(ZServiceVendor),
  /** A line about the category searched for. */
  description: z.string(),
});
export type ServiceList = z.infer<typeof ZServiceList>;
export const ZServicePage = ZServiceList.extend({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ServicePage = z.infer<typeof ZServicePage>;

/** Public profile of a vendor (professional or seller). No email, phone, password or bank fields. */
export const ZVendorProfile = z.object({
  _id: z.string(),
  Owner_name: z.string(),
  Business_Name: z.string(),
  Business_address: z.string(),
  Business_Description: z.string(),
  description: z.string(),
  Profile_Image: z.string().nullable(),
  Category: z.string(),
  Sub_Category: z.array(z.string()),
  City: z.string(),
  Kind: z.enum(['seller', 'professional']),
  Charge_Per_Hour_or_Day: z.number().nullable(),
  Charge_Type: z.enum(CHARGE_TYPES).nullable(),
  Rating: z.number().nullable(),
  ReviewCount: z.number().int(),
  /** Of ReviewCount, how many carry a verified mark (a Completed booking, or a Delivered line from a seller). */
  VerifiedReviewCount: z.number().int().optional(),
});
export type VendorProfile = z.infer<typeof ZVendorProfile>;

export const ZProject = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  category: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof ZProject>;
export const ZProjectList = z.array(ZProject);

export const ZVendorReview = z.object({
  _id: z.string(),
  customerName: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  verified: ZReviewVerified,
});
export type VendorReview = z.infer<typeof ZVendorReview>;
export const ZVendorReviewList = z.object({ getreview: z.array(ZVendorReview) });

export const ZViewStoreBody = z.object({ id: ZId });
/** A store's product: its Vendor also carries the store's description, which a spec client's store hero shows. */
export const ZStoreProduct = ZProduct.extend({ Vendor: ZVendorRef.extend({ Business_Description: z.string() }) });
export const ZStoreProductList = z.array(ZStoreProduct);

export const ZVendorPrice = z.object({ vendorPrice: z.number() });

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });
