import { z } from 'zod';
import { ZId } from './api.ts';
import { DELIVERY_WINDOW_IDS, QUANTITY_MAX } from './cart.ts';
import { DELIVERY_FEE, DELIVERY_WINDOWS, FREE_DELIVERY_FROM, type DeliveryWindow } from './constants.ts';

export { notDeliveredToMessage } from './constants.ts';
export { DELIVERY_REFUSAL } from './delivery-refusals.ts';
import { text } from './text.ts';

/**
 * Delivery that fits construction (issue 32): PIN codes, a seller's own delivery settings (where from, where to,
 * with which vehicles at what fares, on which days), and the quotes computed from them. Money is in paise in every
 * field of these new calls (`*Paise`); the spec's own calls keep their rupees.
 */

export const PINCODE_MESSAGE = 'Please enter a 6-digit pincode.';
export const ZPincode = z.string().trim().regex(/^[1-9]\d{5}$/, PINCODE_MESSAGE);

/** GET /api/pincodes/{pin}: the PIN's district, state and centroid (GeoNames, CC BY 4.0). */
export const ZPincodeParams = z.object({ pin: z.string().trim().regex(/^[1-9]\d{5}$/, PINCODE_MESSAGE) });
export const ZPincodeInfo = z.object({
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PincodeInfo = z.infer<typeof ZPincodeInfo>;
export const unknownPincodeMessage = (pin: string) => `We could not find the pincode ${pin}. Please check it and try again.`;

/** The platform's rule for a seller who set no delivery of its own: a flat fee, free from a subtotal (paise). */
export const PLATFORM_DELIVERY = { feePaise: DELIVERY_FEE * 100, freeFromPaise: FREE_DELIVERY_FROM * 100 } as const;
/**
 * The dates promised for a seller without settings: two days' lead, Monday to Saturday, orders before 2 pm count
 * from today (docs/decisions/034-delivery-settings-and-quotes.md).
 */
export const PLATFORM_SCHEDULE = { leadDays: 2, weekdays: [1, 2, 3, 4, 5, 6], cutoff: '14:00' } as const;

/** The vehicle classes a seller can run, with a typical capacity to start the portal's form from. */
export const VEHICLE_CLASSES = {
  tempo: { label: 'Tempo', capacityKg: 1_000, capacityM3: 3 },
  mini_truck: { label: '407 mini-truck', capacityKg: 2_500, capacityM3: 8 },
  truck_10t: { label: '10-tonne truck', capacityKg: 10_000, capacityM3: 25 },
  tipper: { label: 'Tipper', capacityKg: 16_000, capacityM3: 10 },
} as const;
export type VehicleClass = keyof typeof VEHICLE_CLASSES;
export const VEHICLE_CLASS_IDS = Object.keys(VEHICLE_CLASSES) as [VehicleClass, ...VehicleClass[]];

export { DELIVERY_WINDOWS, type DeliveryWindow };
export const ZDeliveryWindow = z.enum(DELIVERY_WINDOW_IDS, 'Please choose a morning or an afternoon delivery.');
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD.');

const paise = (what: string, max = 100_000_000) => z.number({ message: `The ${what} must be a whole number of paise.` })
  .int(`The ${what} must be a whole number of paise.`).min(0, `The ${what} cannot be negative.`).max(max, `The ${what} is too large.`);

export const ZVehicle = z.object({
  vehicleClass: z.enum(VEHICLE_CLASS_IDS, 'Please choose a vehicle class.'),
  capacityKg: z.number().int('Capacity is a whole number of kg.').min(1, 'A vehicle carries at least 1 kg.').max(60_000, 'A vehicle carries at most 60,000 kg.'),
  capacityM3: z.number().positive('A vehicle carries some volume.').max(100, 'A vehicle carries at most 100 m³.'),
  baseFarePaise: paise('base fare'),
  /** Kilometres the base fare covers; every started kilometre beyond is charged `perKmPaise`. */
  includedKm: z.number().int().min(0).max(1_000),
  perKmPaise: paise('rate per km', 10_000_00),
  /** The material categories it may carry; empty: any. */
  categories: z.array(text().trim().min(1).max(60)).max(40),
});
export type Vehicle = z.infer<typeof ZVehicle>;

/**
 * Part of the service area: `match` is an exact PIN (6 digits) or a prefix (1 to 5 digits), served or not. An exact
 * PIN beats a prefix, a longer prefix beats a shorter one, and any of them beats the radius.
 */
export const ZAreaRule = z.object({
  match: z.string().trim().regex(/^[1-9]\d{0,5}$/, 'A rule is a PIN code or its first digits.'),
  include: z.boolean(),
});
export type AreaRule = z.infer<typeof ZAreaRule>;

export const ZDispatchPoint = z.object({
  pincode: ZPincode.nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
}).refine((d) => d.pincode !== null || (d.latitude !== null && d.longitude !== null), 'Please give the dispatch point: a pincode, or a latitude and a longitude.');

export const ZDeliverySettings = z.object({
  dispatch: ZDispatchPoint,
  radiusKm: z.number().int('The radius is a whole number of km.').min(1, 'The radius is at least 1 km.').max(2_000).nullable(),
  areaRules: z.array(ZAreaRule).max(300, 'At most 300 area rules.'),
  vehicles: z.array(ZVehicle).min(1, 'Please add at least one vehicle.').max(8, 'At most 8 vehicles.'),
  unloadingPerFloorPaise: paise('unloading charge per floor', 10_000_00),
  minimumOrderPaise: paise('minimum order'),
  freeDeliveryFromPaise: paise('free-delivery threshold').nullable(),
  leadDays: z.number().int().min(0, 'Lead time cannot be negative.').max(60, 'Lead time is at most 60 days.'),
  /** Days of the week it delivers: 0 Sunday … 6 Saturday. */
  weekdays: z.array(z.number().int().min(0).max(6)).min(1, 'Please choose at least one delivery day.').max(7)
    .refine((d) => new Set(d).size === d.length, 'Each weekday once.'),
  /** Orders placed before this time (India) count from that day: HH:MM, 24-hour. */
  cutoff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The cut-off is a time such as 14:00.'),
}).refine((s) => s.radiusKm !== null || s.areaRules.some((r) => r.include), 'Please give a radius or at least one served pincode or prefix.');
export type DeliverySettings = z.infer<typeof ZDeliverySettings>;

/** GET and PUT /api/vendor/delivery: the seller's settings, or null (the platform's flat fee applies). */
export const ZVendorDelivery = z.object({
  settings: ZDeliverySettings.nullable(),
  platform: z.object({ feePaise: z.number().int(), freeFromPaise: z.number().int() }),
});
export type VendorDelivery = z.infer<typeof ZVendorDelivery>;
export const ZVendorDeliveryBody = z.object({ settings: ZDeliverySettings.nullable() });

/** POST /api/delivery/quote. */
export const ZQuoteItem = z.object({
  productId: ZId,
  quantity: z.number().int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1.').max(QUANTITY_MAX, `Quantity can be at most ${QUANTITY_MAX}.`),
});
export const ZQuoteBody = z.object({
  pincode: ZPincode,
  items: z.array(ZQuoteItem).min(1, 'Nothing to quote.').max(100, 'At most 100 products at once.'),
  /** Floors to carry up without a lift (unloading), 0 when delivered at ground level. */
  floors: z.number().int().min(0).max(60).optional(),
});
export type QuoteBody = z.infer<typeof ZQuoteBody>;

export const ZTrip = z.object({ vehicleClass: z.enum(VEHICLE_CLASS_IDS), label: z.string(), count: z.number().int() });
export const ZVendorQuote = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  productIds: z.array(z.string()),
  /** 'vendor': the seller's own rate card; 'platform': the platform's flat fee (the seller set none). */
  rule: z.enum(['vendor', 'platform']),
  served: z.boolean(),
  /** Why not, for the customer: "Does not deliver to 400001", "Minimum order ₹5,000"… */
  reason: z.string().nullable(),
  subtotalPaise: z.number().int(),
  /** The seller's own fee (0 under the platform's rule: that one is `platformFeePaise`, once per order). */
  feePaise: z.number().int(),
  distanceKm: z.number().nullable(),
  trips: z.array(ZTrip),
  weightKg: z.number(),
  /** The first date it can deliver (India), then the next ones checkout offers. */
  deliveryDate: ZIsoDate.nullable(),
  dates: z.array(ZIsoDate),
});
export type VendorQuote = z.infer<typeof ZVendorQuote>;
export const ZQuote = z.object({
  pincode: ZPincodeInfo,
  vendors: z.array(ZVendorQuote),
  /** The platform's flat fee for the lines of sellers without settings (0 when none or free). */
  platformFeePaise: z.number().int(),
  /** Every fee together: what checkout would charge for delivery. */
  deliveryFeePaise: z.number().int(),
});
export type Quote = z.infer<typeof ZQuote>;

/** Per unit as sold, when a product does not say (decision record 034): believable figures by category and unit. */
export function defaultLoadPerUnit(category: string, unit: string): { weightKg: number; volumeM3: number } {
  const u = unit.toLowerCase();
  if (u === 'tonne') return { weightKg: 1_000, volumeM3: category === 'Steel' ? 0.13 : 0.65 };
  if (u === 'cubic metre') return { weightKg: category === 'Concrete' ? 2_400 : 1_600, volumeM3: 1 };
  if (u === 'bag') return category === 'Cement' ? { weightKg: 50, volumeM3: 0.035 } : { weightKg: 25, volumeM3: 0.02 };
  if (u === 'litre') return { weightKg: 1.3, volumeM3: 0.0012 };
  if (u === 'sq ft') return { weightKg: 2, volumeM3: 0.002 };
  if (u === 'roll') return { weightKg: 25, volumeM3: 0.03 };
  if (u === 'metre') return { weightKg: 1, volumeM3: 0.001 };
  if (u === 'set') return { weightKg: 30, volumeM3: 0.1 };
  if (category === 'Bricks') return { weightKg: 3.5, volumeM3: 0.0019 };
  return { weightKg: 10, volumeM3: 0.02 };
}

/** A product's weight and volume per unit as quotes use them: its own, else its category's usual figure. */
export function loadPerUnit(p: { category: string; unit: string; weightKg: number | null; volumeM3: number | null }): { weightKg: number; volumeM3: number } {
  const usual = defaultLoadPerUnit(p.category, p.unit);
  return { weightKg: p.weightKg ?? usual.weightKg, volumeM3: p.volumeM3 ?? usual.volumeM3 };
}
