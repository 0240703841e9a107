import { z } from 'zod';
import { ZProduct, ZQuantityBreak } from './api.ts';
import { QUANTITY_MAX } from './cart.ts';
import { MATERIAL_CATEGORIES } from './catalogue.ts';
import { CITIES } from './constants.ts';
import { chooseProductTax } from './gst.ts';
import { formatPaise, isWholePaise, rupeesToPaise } from './money.ts';
import { QUANTITY_BREAKS_MAX, breakNotBelowPrice, type QuantityBreak } from './quantity-breaks.ts';
import { text } from './text.ts';

/**
 * The vendor portal's own products (GET/POST/PATCH/DELETE /api/vendor/products) and image uploads
 * (POST /api/vendor/uploads). Field names follow the public product's (`ProductName`, `ProductUrl`…).
 */

/** Largest image file a vendor may upload; stored re-encoded as WebP, at most UPLOAD_MAX_SIDE px on the long side. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_SIDE = 1600;
/** Decoded size limit, so a small file that unpacks to a huge bitmap (a decompression bomb) is refused. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PRODUCT_IMAGES_MAX = 5;

/** What POST /api/vendor/uploads returns: a path on our server, content-addressed. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[0-9a-f]{64}\.webp$/;
export const ZUploadResponse = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof ZUploadResponse>;
export const ZUploadFileParams = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.webp$/, { message: 'No such image.' }),
});

export const VENDOR_PRODUCT_MSG = {
  sellersOnly: 'Only product sellers can list products. Professionals offer their services instead.',
  notApproved: 'Your vendor account is awaiting approval. You can add products once it is approved.',
  notFound: 'Product not found.',
  mrpBelowPrice: 'The MRP cannot be lower than the price.',
  imageNotOurs: 'Upload each image with the image button; links to other sites are not accepted.',
  deleted: 'Product deleted.',
} as const;

export const UPLOAD_MSG = {
  noFile: 'Choose an image file to upload (JPEG, PNG or WebP).',
  notImage: 'That file is not a JPEG, PNG or WebP image.',
  unreadable: 'That image could not be read. Please choose another JPEG, PNG or WebP file.',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller one.',
  tooManyPixels: 'The image is too large (more than 40 megapixels). Please choose a smaller one.',
  limited: (wait: string) => `You have uploaded many images in the last hour. Please try again in ${wait}.`,
} as const;

export const QUANTITY_BREAK_MSG = {
  tooMany: `Set at most ${QUANTITY_BREAKS_MAX} quantity prices.`,
  quantity: `The quantity of a quantity price must be a whole number from 2 to ${QUANTITY_MAX}.`,
  price: 'Each quantity price must be a whole number of paise from ₹1 to ₹1,00,00,000 (₹365 is 36500).',
  repeated: (minQuantity: number) => `There are two prices for ${minQuantity} or more: keep one.`,
  notBelowPrevious: (b: QuantityBreak, previous: QuantityBreak) =>
    `The price for ${b.minQuantity} or more (${formatPaise(b.pricePaise, { wholeRupees: 'short' })}) must be lower than the price for ${previous.minQuantity} or more (${formatPaise(previous.pricePaise, { wholeRupees: 'short' })}).`,
  notBelowList: (b: QuantityBreak, listPaise: number) =>
    `The price for ${b.minQuantity} or more (${formatPaise(b.pricePaise, { wholeRupees: 'short' })}) must be lower than the product's price (${formatPaise(listPaise, { wholeRupees: 'short' })}).`,
} as const;

/**
 * A seller's quantity prices as sent (PATCH/POST /api/vendor/products `QuantityBreaks`): at most
 * QUANTITY_BREAKS_MAX, each quantity once, answered in quantity order with each price below the one before. An
 * empty list removes them. The list price is checked beside it (`breaksBelowPrice`).
 */
const ZQuantityBreaksInput = z.array(z.object({
  minQuantity: z.number({ error: QUANTITY_BREAK_MSG.quantity }).int(QUANTITY_BREAK_MSG.quantity).min(2, QUANTITY_BREAK_MSG.quantity).max(QUANTITY_MAX, QUANTITY_BREAK_MSG.quantity),
  pricePaise: z.number({ error: QUANTITY_BREAK_MSG.price }).int(QUANTITY_BREAK_MSG.price).min(100, QUANTITY_BREAK_MSG.price).max(1_000_000_000, QUANTITY_BREAK_MSG.price),
}), { error: 'Send the quantity prices as a list of { minQuantity, pricePaise }.' })
  .max(QUANTITY_BREAKS_MAX, QUANTITY_BREAK_MSG.tooMany)
  .transform((breaks) => [...breaks].sort((a, b) => a.minQuantity - b.minQuantity))
  .superRefine((breaks, ctx) => {
    breaks.forEach((b, i) => {
      const previous = breaks[i - 1];
      if (!previous) return;
      if (previous.minQuantity === b.minQuantity) ctx.addIssue({ code: 'custom', path: [i, 'minQuantity'], message: QUANTITY_BREAK_MSG.repeated(b.minQuantity) });
      else if (b.pricePaise >= previous.pricePaise) ctx.addIssue({ code: 'custom', path: [i, 'pricePaise'], message: QUANTITY_BREAK_MSG.notBelowPrevious(b, previous) });
    });
  });

const HSN_FORMAT = /^\d{4,8}$/;
const MATERIAL_NAMES = MATERIAL_CATEGORIES.map((c) => c.name) as [string, ...string[]];

/** Rupees to the paisa (₹55.75): a third decimal is a fraction of a paisa, refused rather than rounded. */
const rupees = (what: string) => z.number({ error: `Enter the ${what} in rupees.` })
  .refine(isWholePaise, `Enter the ${what} in rupees with at most two decimals for the paise (like 55.75).`)
  .min(1, `The ${what} must be at least ₹1.`)
  .max(10_000_000, `The ${what} must be at most ₹1,00,00,000.`);

const fields = {
  ProductName: text().trim().min(2, 'Enter the product name (at least 2 characters).').max(120, 'The product name must be at most 120 characters.'),
  ProductCategory: z.enum(MATERIAL_NAMES, { error: 'Choose a category from the list.' }),
  ProductBrand: text().trim().min(1, 'Enter the brand.').max(60, 'The brand must be at most 60 characters.'),
  ProductPrice: rupees('price'),
  ProductMrp: rupees('MRP').nullable(),
  ProductUnit: text().trim().min(1, 'Enter the unit (for example "50 kg bag").').max(30, 'The unit must be at most 30 characters.'),
  Stock: z.number({ error: 'Enter the stock as a number.' }).int('Enter the stock as a whole number.').min(0, 'Stock cannot be negative.').max(1_000_000, 'Stock must be at most 10,00,000.'),
  ProductLocation: z.enum(CITIES, { error: `Choose a location: ${CITIES.join(', ')}.` }),
  ProductDescription: text().trim().min(10, 'Describe the product (at least 10 characters).').max(2000, 'The description must be at most 2,000 characters.'),
  Tag: text().trim().max(30, 'The tag must be at most 30 characters.').nullable(),
  /** The product's HSN among its category's allowed codes (docs/decisions/022); null: the category's default. */
  ProductHsn: z.string({ error: 'Choose the HSN code from the list.' }).trim().regex(HSN_FORMAT, 'The HSN code is 4 to 8 digits.').nullable(),
  /** Its GST rate in percent, one allowed with that HSN; left out, the HSN's own rate. */
  ProductGstRate: z.number({ error: 'Enter the GST rate as a number.' }).int('The GST rate is a whole percentage.').min(0, 'The GST rate cannot be negative.').max(40, 'The GST rate must be at most 40%.').nullable(),
  /** Weight (kg) and volume (m³) of one unit as sold, for delivery quotes; null: the category's usual figure. */
  ProductWeightKg: z.number({ error: 'Enter the weight in kg.' }).positive('The weight must be more than 0 kg.').max(100_000, 'The weight must be at most 1,00,000 kg.').nullable(),
  ProductVolumeM3: z.number({ error: 'Enter the volume in m³.' }).positive('The volume must be more than 0 m³.').max(1_000, 'The volume must be at most 1,000 m³.').nullable(),
  ProductUrl: z.array(z.string({ error: VENDOR_PRODUCT_MSG.imageNotOurs }).regex(UPLOAD_URL_PATTERN, VENDOR_PRODUCT_MSG.imageNotOurs), { error: 'Add at least one image.' })
    .min(1, 'Add at least one image.')
    .max(PRODUCT_IMAGES_MAX, `Add at most ${PRODUCT_IMAGES_MAX} images.`)
    .refine((urls) => new Set(urls).size === urls.length, 'Each image may appear only once.'),
  /** Lower prices from a quantity on (docs/decisions/035); an empty list removes them. */
  QuantityBreaks: ZQuantityBreaksInput,
};

const mrpNotBelowPrice = (b: { ProductPrice?: number; ProductMrp?: number | null }, ctx: z.RefinementCtx) => {
  if (b.ProductMrp != null && b.ProductPrice !== undefined && b.ProductMrp < b.ProductPrice) {
    ctx.addIssue({ code: 'custom', path: ['ProductMrp'], message: VENDOR_PRODUCT_MSG.mrpBelowPrice });
  }
};

/** Quantity prices below the list price, checked here when the body names both (the server checks the stored one too). */
const breaksBelowListPrice = (b: { ProductPrice?: number; QuantityBreaks?: QuantityBreak[] }, ctx: z.RefinementCtx) => {
  if (b.ProductPrice === undefined || b.QuantityBreaks === undefined || !isWholePaise(b.ProductPrice)) return;
  const listPaise = rupeesToPaise(b.ProductPrice);
  const above = breakNotBelowPrice(listPaise, b.QuantityBreaks);
  if (above) ctx.addIssue({ code: 'custom', path: ['QuantityBreaks', b.QuantityBreaks.indexOf(above), 'pricePaise'], message: QUANTITY_BREAK_MSG.notBelowList(above, listPaise) });
};

/**
 * The HSN and rate must be allowed for the category; checked here when the body names the category (a create
 * always does), and by the server against the stored category when a change leaves it out.
 */
const taxAllowedForCategory = (b: { ProductCategory?: string; ProductHsn?: string | null; ProductGstRate?: number | null }, ctx: z.RefinementCtx) => {
  if (b.ProductCategory === undefined || (b.ProductHsn === undefined && b.ProductGstRate === undefined)) return;
  if (typeof b.ProductHsn === 'string' && !HSN_FORMAT.test(b.ProductHsn)) return; // its format's own message says it
  const result = chooseProductTax(b.ProductCategory, b.ProductHsn ?? null, b.ProductGstRate ?? null);
  if (!result.ok) ctx.addIssue({ code: 'custom', path: [result.field], message: result.message });
};

/** POST /api/vendor/products. An empty tag means none; no HSN and rate, the category's default. */
export const ZVendorProductBody = z.object({
  ...fields,
  ProductMrp: fields.ProductMrp.optional().default(null),
  Tag: fields.Tag.optional().default(null),
  ProductHsn: fields.ProductHsn.optional(),
  ProductGstRate: fields.ProductGstRate.optional(),
  ProductWeightKg: fields.ProductWeightKg.optional().default(null),
  ProductVolumeM3: fields.ProductVolumeM3.optional().default(null),
  QuantityBreaks: fields.QuantityBreaks.optional().default([]),
}).superRefine(mrpNotBelowPrice).superRefine(taxAllowedForCategory).superRefine(breaksBelowListPrice);
export type VendorProductBody = z.input<typeof ZVendorProductBody>;

/**
 * PATCH /api/vendor/products/{id}: any of the fields; MRP ≥ price is checked against the stored values too, and so
 * are the HSN and rate against the stored category. A new category keeps the product's HSN when the category
 * allows it, else the product takes the new category's default. Quantity prices, when sent, replace the product's
 * (an empty list removes them); the server keeps every one below the price, stored or new.
 */
export const ZVendorProductPatch = z.object(fields).partial().superRefine(mrpNotBelowPrice).superRefine(taxAllowedForCategory)
  .superRefine(breaksBelowListPrice);
export type VendorProductPatch = z.input<typeof ZVendorProductPatch>;

export const ZVendorProduct = ZProduct.extend({
  ProductDescription: z.string(),
  Stock: z.number().int(),
  /** The HSN and GST rate its sales are invoiced under: the seller's choice, or the category's default. */
  ProductHsn: z.string(),
  ProductGstRate: z.number(),
  /** Weight and volume per unit that quotes use: the seller's, or the category's usual figure when it gave none. */
  ProductWeightKg: z.number(),
  ProductVolumeM3: z.number(),
  /** Its quantity prices, in quantity order (none: an empty list). */
  QuantityBreaks: z.array(ZQuantityBreak),
  createdAt: z.string(),
});
export type VendorProduct = z.infer<typeof ZVendorProduct>;
export const ZVendorProductList = z.array(ZVendorProduct);

export const ZVendorProductDeleted = z.object({ message: z.string() });
