import { rupeesToPaise } from '@nirmaan/shared/money';
import { findPincode } from '../modules/delivery/service.ts';
import type { ProductRow } from './build-products.ts';
import type { VendorRow } from './build-vendors.ts';
import { DEMO_SELLER_DELIVERY, seedLoadOf } from './data/delivery.ts';
import { storeImage } from './images.ts';
import { Random, daysBeforeBase } from './random.ts';

/**
 * Two more cement and steel sellers in Hyderabad, each with its own rate card, so that a request for quotes
 * (issue 35, decision record 036) from the demo customer reaches three sellers: the demo seller and these two.
 * Built from streams of their own, so the rest of the demo catalogue (ids, prices, dates) stays as it was.
 */

export const BULK_SELLER_EMAILS = ['golconda@demo.nirmaan.in', 'kakatiya@demo.nirmaan.in'] as const;

const BULK_SELLERS = [
  {
    email: BULK_SELLER_EMAILS[0], owner: 'Padma Reddy', business: 'Golconda Cement Agencies', address: '7-2-41 Sanathnagar Industrial Estate, Hyderabad 500018',
    depot: '500018', radiusKm: 35, leadDays: 1,
    description: 'Cement and TMT by the truckload for apartment sites in west Hyderabad. Quotes within the day for bulk orders.',
  },
  {
    email: BULK_SELLER_EMAILS[1], owner: 'Srinivas Yadav', business: 'Kakatiya Steel & Cement', address: 'Plot 18, IDA Uppal, Hyderabad 500039',
    depot: '500039', radiusKm: 45, leadDays: 2,
    description: 'Stockist of JSW, Vizag Steel and Ramco. Own 10-tonne trucks; cut-and-bend yard for TMT.',
  },
] as const;

const LINES = [
  { category: 'Cement', name: 'UltraTech OPC 53 Grade Cement', brand: 'UltraTech', unit: 'bag', price: 398 },
  { category: 'Cement', name: 'Ramco Supergrade PPC Cement', brand: 'Ramco', unit: 'bag', price: 362 },
  { category: 'Steel', name: 'JSW Neosteel Fe 550D TMT Bar 12 mm', brand: 'JSW Neosteel', unit: 'tonne', price: 63_500 },
  { category: 'Steel', name: 'Vizag Steel Fe 500D TMT Bar 10 mm', brand: 'Vizag Steel', unit: 'tonne', price: 61_800 },
] as const;

export function buildBulkSellers(passwordHash: string) {
  const ids = new Random(0x5246_5135);
  const rng = new Random(35);
  const vendors: VendorRow[] = [];
  const products: ProductRow[] = [];
  const deliverySettings = BULK_SELLERS.map((s, i) => {
    const id = ids.uuid();
    vendors.push({
      id, kind: 'seller', ownerName: s.owner, businessName: s.business, email: s.email, phone: `98490${String(31_000 + i * 17).padStart(5, '0')}`,
      passwordHash, businessAddress: s.address, city: 'Hyderabad', description: s.description, category: 'Cement', subCategories: ['Cement', 'Steel'],
      chargeAmountPaise: null, chargeType: null, profileImage: storeImage(i + 3), bankAccount: null, createdAt: daysBeforeBase(rng, rng.int(300, 900)),
    });
    for (const l of LINES) {
      // Each seller a little dearer or cheaper than the other: quotes differ, as they do.
      const price = Math.round(l.price * (i === 0 ? 0.99 : 1.01));
      products.push({
        id: ids.uuid(), vendorId: id, name: l.name, brand: l.brand, category: l.category,
        description: l.category === 'Cement' ? 'Fresh stock, 50 kg bags. Bulk prices on request: ask for quotes.' : 'Per tonne with mill test certificate. Bulk prices on request: ask for quotes.',
        pricePaise: rupeesToPaise(price), mrpPaise: null, unit: l.unit, ...seedLoadOf(l.name, l.category, l.unit),
        images: [`/images/products/${l.category === 'Cement' ? 'cement' : 'steel'}-1.svg`], location: 'Hyderabad', tag: null,
        stock: l.category === 'Cement' ? 5_000 : 200, createdAt: daysBeforeBase(rng, rng.int(30, 200)),
      });
    }
    const depot = findPincode(s.depot)!;
    const d = DEMO_SELLER_DELIVERY;
    return {
      vendorId: id, dispatchPincode: s.depot, dispatchLatitude: depot.latitude, dispatchLongitude: depot.longitude, radiusKm: s.radiusKm, areaRules: [],
      vehicles: d.vehicles, unloadingPerFloorPaise: d.unloadingPerFloorPaise, minimumOrderPaise: d.minimumOrderPaise, freeDeliveryFromPaise: null,
      leadDays: s.leadDays, weekdays: d.weekdays, cutoff: d.cutoff,
    };
  });
  return { vendors, products, deliverySettings };
}
