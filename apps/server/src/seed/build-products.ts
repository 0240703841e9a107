import { MATERIAL_CATEGORIES, rupeesToPaise, type MaterialCategoryName } from '@nirmaan/shared';
import type { products } from '../db/schema/index.ts';
import { FINISH_MATERIALS } from './data/materials-finishes.ts';
import { INTERIOR_MATERIALS } from './data/materials-interiors.ts';
import { SERVICE_MATERIALS } from './data/materials-services.ts';
import { STRUCTURE_MATERIALS } from './data/materials-structure.ts';
import type { MaterialLines, ProductLine } from './data/product-lines.ts';
import type { VendorRow } from './build-vendors.ts';
import { PRODUCT_IMAGE_VARIANTS, productImage } from './images.ts';
import { daysBeforeBase, roundPrice, type Random } from './random.ts';
import { seedLoadOf } from './data/delivery.ts';

export type ProductRow = typeof products.$inferInsert & { id: string; createdAt: Date; category: MaterialCategoryName };

export const ALL_MATERIALS: MaterialLines[] = [
  ...STRUCTURE_MATERIALS, ...FINISH_MATERIALS, ...SERVICE_MATERIALS, ...INTERIOR_MATERIALS,
];

/** Categories where every line is stocked by two shops in different cities, as on a real marketplace. */
const WIDELY_STOCKED = new Set<MaterialCategoryName>([
  'Cement', 'Steel', 'Bricks', 'Sand', 'Aggregates', 'Concrete', 'Paints', 'Tiles', 'Electrical', 'Lighting',
]);

const EXTRA_TAGS = ['Fast Delivery', 'Limited Stock', 'Best Price'] as const;

function stockFor(rng: Random, unit: string, price: number): number {
  switch (unit) {
    case 'bag': return rng.int(15, 250) * 10;
    case 'tonne': return rng.int(5, 80);
    case 'cubic metre': return rng.int(5, 40) * 10;
    case 'sq ft': return rng.int(5, 80) * 100;
    case 'litre': return rng.int(4, 60) * 10;
    case 'piece': return price < 100 ? rng.int(20, 200) * 100 : rng.int(4, 120);
    default: return rng.int(10, 150);
  }
}

function priceWithMrp(rng: Random, l: ProductLine): { price: number; mrp: number | null } {
  const price = roundPrice(l.min + rng.next() * (l.max - l.min));
  if (!rng.chance(0.5)) return { price, mrp: null };
  const mrp = roundPrice(price * (1.05 + rng.next() * 0.17));
  return { price, mrp: mrp > price ? mrp : price + Math.max(1, Math.round(price * 0.05)) };
}

function imagesFor(rng: Random, slug: string, first: number): string[] {
  const count = rng.weighted([[1, 2], [2, 3], [3, 3], [4, 2]] as const);
  return Array.from({ length: count }, (_, i) => productImage(slug, ((first + i) % PRODUCT_IMAGE_VARIANTS) + 1));
}

/**
 * Every product line is listed by one or two of the shops that carry its category; the listing's
 * location is the shop's city and its price is drawn inside the line's range.
 */
export function buildProducts(rng: Random, ids: Random, sellers: VendorRow[]): ProductRow[] {
  const rows: ProductRow[] = [];
  for (const group of ALL_MATERIALS) {
    const slug = MATERIAL_CATEGORIES.find((c) => c.name === group.category)?.slug;
    if (!slug) throw new Error(`unknown material category ${group.category}`);
    const stockists = sellers.filter((s) => s.subCategories?.includes(group.category));
    if (stockists.length === 0) throw new Error(`no seller carries ${group.category}`);
    group.lines.forEach((l, i) => {
      const twoShops = stockists.length > 1 && (WIDELY_STOCKED.has(group.category) || rng.chance(0.3));
      const shops = twoShops ? [i, i + 1] : [i];
      shops.forEach((shopIndex, offer) => {
        const seller = stockists[shopIndex % stockists.length] as VendorRow;
        const { price, mrp } = priceWithMrp(rng, l);
        const tag = l.tag && rng.chance(0.7) ? l.tag : rng.chance(0.12) ? rng.pick(EXTRA_TAGS) : null;
        rows.push({
          id: ids.uuid(),
          vendorId: seller.id,
          name: l.name,
          brand: l.brand,
          category: group.category,
          description: `${l.about} ${group.note}`,
          // The catalogue's lines are priced in rupees; the columns hold paise.
          pricePaise: rupeesToPaise(price),
          mrpPaise: mrp === null ? null : rupeesToPaise(mrp),
          unit: l.unit,
          ...seedLoadOf(l.name, group.category, l.unit),
          images: imagesFor(rng, slug, i + offer),
          location: seller.city,
          tag,
          stock: rng.chance(0.03) ? 0 : stockFor(rng, l.unit, price),
          createdAt: daysBeforeBase(rng, rng.int(60, 480)),
        });
      });
    });
  }
  return rows;
}
