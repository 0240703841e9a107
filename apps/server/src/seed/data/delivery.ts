import { defaultLoadPerUnit, type DeliverySettings } from '@nirmaan/shared/delivery';
import { findPincode } from '../../modules/delivery/service.ts';

/**
 * Demo delivery (decision record 034): believable weight and volume per unit for every seeded product, and the
 * demo seller's own delivery from its Hyderabad depot. The other sellers keep no settings, so the platform's flat
 * ₹300 shows beside it.
 */

/** Per-unit figures the category default gets wrong for a few named lines (AAC blocks, fly-ash bricks, wire). */
const BY_NAME: [RegExp, { weightKg: number; volumeM3: number }][] = [
  [/AAC/i, { weightKg: 12, volumeM3: 0.018 }],
  [/fly[- ]ash/i, { weightKg: 2.6, volumeM3: 0.0017 }],
  [/binding wire/i, { weightKg: 25, volumeM3: 0.02 }],
  [/tile adhesive|grout/i, { weightKg: 20, volumeM3: 0.015 }],
];

/** A seeded product's weight (kg) and volume (m³) per unit: a 50 kg cement bag, a tonne of TMT, a 3.5 kg brick. */
export function seedLoadOf(name: string, category: string, unit: string) {
  return BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? defaultLoadPerUnit(category, unit);
}

/** The depot: Hyderabad 500001. Within 40 km by road; 500032 (Gachibowli) is served, Mumbai is not. */
export const DEMO_SELLER_DEPOT_PIN = '500001';

export const DEMO_SELLER_DELIVERY: DeliverySettings = {
  dispatch: { pincode: DEMO_SELLER_DEPOT_PIN, latitude: null, longitude: null },
  radiusKm: 40,
  areaRules: [],
  vehicles: [
    { vehicleClass: 'tempo', capacityKg: 1_000, capacityM3: 3, baseFarePaise: 80_000, includedKm: 10, perKmPaise: 2_500, categories: [] },
    { vehicleClass: 'mini_truck', capacityKg: 2_500, capacityM3: 8, baseFarePaise: 150_000, includedKm: 10, perKmPaise: 3_500, categories: [] },
    { vehicleClass: 'truck_10t', capacityKg: 10_000, capacityM3: 25, baseFarePaise: 400_000, includedKm: 10, perKmPaise: 6_000, categories: [] },
  ],
  unloadingPerFloorPaise: 5_000,
  minimumOrderPaise: 0,
  freeDeliveryFromPaise: null,
  leadDays: 1,
  weekdays: [1, 2, 3, 4, 5, 6],
  cutoff: '14:00',
};

/** The demo seller's settings row (the depot's centroid from the PIN table). */
export function demoSellerDeliveryRow(vendorId: string) {
  const s = DEMO_SELLER_DELIVERY;
  const depot = findPincode(DEMO_SELLER_DEPOT_PIN)!;
  return {
    vendorId, dispatchPincode: DEMO_SELLER_DEPOT_PIN, dispatchLatitude: depot.latitude, dispatchLongitude: depot.longitude,
    radiusKm: s.radiusKm, areaRules: s.areaRules, vehicles: s.vehicles, unloadingPerFloorPaise: s.unloadingPerFloorPaise,
    minimumOrderPaise: s.minimumOrderPaise, freeDeliveryFromPaise: s.freeDeliveryFromPaise, leadDays: s.leadDays, weekdays: s.weekdays, cutoff: s.cutoff,
  };
}
