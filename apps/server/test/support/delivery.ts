import type { DeliverySettings } from '@nirmaan/shared/delivery';

/** The demo seller's kind of settings: a Hyderabad depot (500001), 40 km, a tempo, a 407 and a 10-tonne truck. */
export const HYDERABAD_DELIVERY: DeliverySettings = {
  dispatch: { pincode: '500001', latitude: null, longitude: null },
  radiusKm: 40,
  areaRules: [{ match: '500046', include: false }],
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

