import { describe, expect, it } from 'vitest';
import type { AreaRule, Vehicle } from '@nirmaan/shared/delivery';
import { findPincode, pincodeCount } from '../src/modules/delivery/service.ts';
import {
  ROAD_FACTOR, cheapestTrips, deliveryDates, quoteSeller, roadKm, servesPincode, tripFeePaise, type LoadLine, type RateCard,
} from '../src/modules/delivery/quote.ts';

/** Delivery's pure parts (decision record 034): the PIN table and the quote engine, without a database. */

describe('PIN code table', () => {
  it('holds every Indian PIN once and finds one exactly, with its district, state and centroid', () => {
    expect(pincodeCount()).toBeGreaterThan(19_000);
    expect(findPincode('500001')).toEqual({ pincode: '500001', district: 'Hyderabad', state: 'Telangana', latitude: 17.3862, longitude: 78.462 });
    expect(findPincode('110001')).toMatchObject({ district: 'Central Delhi', state: 'Delhi' });
    expect(findPincode('855117')).toMatchObject({ state: 'Bihar' }); // the last listed PIN
    expect(findPincode('110000')).toBeNull();
    expect(findPincode('999999')).toBeNull();
    expect(findPincode('50003')).toBeNull();
    expect(findPincode('5000321')).toBeNull();
  });
});

const vehicle = (vehicleClass: Vehicle['vehicleClass'], capacityKg: number, capacityM3: number, baseFarePaise: number, perKmPaise: number, categories: string[] = []): Vehicle => ({
  vehicleClass, capacityKg, capacityM3, baseFarePaise, includedKm: 10, perKmPaise, categories,
});
const TEMPO = vehicle('tempo', 1_000, 3, 80_000, 2_500);
const MINI = vehicle('mini_truck', 2_500, 8, 150_000, 3_500);
const TRUCK = vehicle('truck_10t', 10_000, 25, 400_000, 6_000);
const FLEET = [TEMPO, MINI, TRUCK];
const HYDERABAD = { latitude: 17.3862, longitude: 78.462 }; // 500001's centroid
const card = (over: Partial<RateCard> = {}): RateCard => ({
  dispatch: HYDERABAD, radiusKm: 40, areaRules: [], vehicles: FLEET, unloadingPerFloorPaise: 5_000, minimumOrderPaise: 0,
  freeDeliveryFromPaise: null, leadDays: 1, weekdays: [1, 2, 3, 4, 5, 6], cutoff: '14:00', ...over,
});
const cement = (bags: number): LoadLine => ({ productId: 'c', name: 'UltraTech PPC', category: 'Cement', quantity: bags, weightKg: 50, volumeM3: 0.035, totalPaise: bags * 40_000 });
const steel = (tonnes: number): LoadLine => ({ productId: 's', name: 'Tata Tiscon 12 mm', category: 'Steel', quantity: tonnes, weightKg: 1_000, volumeM3: 0.13, totalPaise: tonnes * 6_800_000 });

describe('service area', () => {
  const rules: AreaRule[] = [{ match: '5000', include: true }, { match: '50003', include: false }, { match: '500032', include: true }, { match: '500046', include: false }];
  it('an exact PIN beats a prefix, a longer prefix beats a shorter one, any rule beats the radius', () => {
    const area = { areaRules: rules, radiusKm: 10 };
    expect(servesPincode(area, '500032', 99)).toBe(true); // exact include beats the excluded prefix 50003 and the radius
    expect(servesPincode(area, '500033', 1)).toBe(false); // prefix 50003 (longer) beats 5000, and beats the radius
    expect(servesPincode(area, '500001', 99)).toBe(true); // prefix 5000, however far
    expect(servesPincode(area, '500046', 1)).toBe(false); // an excluded exact PIN inside the radius
    expect(servesPincode(area, '501218', 9.9)).toBe(true); // no rule: the radius
    expect(servesPincode(area, '501218', 10.1)).toBe(false);
    expect(servesPincode({ areaRules: rules, radiusKm: null }, '501218', 1)).toBe(false); // no rule, no radius
  });
});

describe('vehicles and trips', () => {
  it('carries 10 t of steel in one 10-tonne truck, not four 407s', () => {
    const plan = cheapestTrips(FLEET, 10_000, 1.3, 20)!;
    expect(plan.trips.map((t) => [t.vehicleClass, t.count])).toEqual([['truck_10t', 1]]);
    expect(plan.feePaise).toBe(400_000 + 10 * 6_000);
  });
  it('adds the cheapest small vehicle for what is left over, and a 407 when a tempo is too small by volume', () => {
    expect(cheapestTrips(FLEET, 11_000, 2, 10)!.trips.map((t) => [t.vehicleClass, t.count])).toEqual([['truck_10t', 1], ['tempo', 1]]);
    expect(cheapestTrips(FLEET, 500, 5, 10)!.trips.map((t) => [t.vehicleClass, t.count])).toEqual([['mini_truck', 1]]);
    expect(cheapestTrips(FLEET, 1_000, 0.7, 10)!.trips.map((t) => [t.vehicleClass, t.count])).toEqual([['tempo', 1]]);
    expect(cheapestTrips([TEMPO], 31_000, 1, 10)).toBeNull(); // 31 trips: more than MAX_TRIPS
  });
  it('uses only the vehicles that may carry every category of the load', () => {
    const fleet = card({ vehicles: [vehicle('truck_10t', 10_000, 25, 400_000, 6_000, ['Steel', 'Cement']), vehicle('tempo', 1_000, 3, 80_000, 2_500, ['Cement'])] });
    const here = { ...HYDERABAD, pincode: '500001' };
    // Two tempo trips would be cheaper, but this seller's tempo carries cement only.
    expect(quoteSeller(fleet, [steel(2)], here, 0, new Date())).toMatchObject({ served: true, trips: [{ vehicleClass: 'truck_10t', count: 1 }] });
    expect(quoteSeller(fleet, [cement(20)], here, 0, new Date())).toMatchObject({ served: true, trips: [{ vehicleClass: 'tempo', count: 1 }] });
    expect(quoteSeller(fleet, [cement(20), steel(1)], here, 0, new Date())).toMatchObject({ served: true, trips: [{ vehicleClass: 'truck_10t', count: 1 }] });
    const none = quoteSeller(card({ vehicles: [vehicle('tipper', 16_000, 10, 300_000, 5_000, ['Sand'])] }), [cement(10)], { ...HYDERABAD, pincode: '500001' }, 0, new Date());
    expect(none).toMatchObject({ served: false, reason: 'No vehicle of this seller carries Cement' });
  });
});

describe('fee arithmetic', () => {
  it('charges the base fare, then every started km beyond those included', () => {
    expect(tripFeePaise(TEMPO, 10)).toBe(80_000);
    expect(tripFeePaise(TEMPO, 10.1)).toBe(82_500);
    expect(tripFeePaise(TEMPO, 37.5)).toBe(80_000 + 28 * 2_500);
    expect(roadKm(HYDERABAD, { latitude: 17.1316, longitude: 78.4112 })).toBeCloseTo(28.8 * ROAD_FACTOR, 0);
  });
  it('adds unloading per floor, waives the transport from the free-delivery threshold, and refuses below the minimum order', () => {
    const to = { latitude: 17.1316, longitude: 78.4112, pincode: '500032' };
    const q = quoteSeller(card(), [cement(200)], to, 3, new Date());
    expect(q).toMatchObject({ served: true, transportPaise: tripFeePaise(TRUCK, 37.5), unloadingPaise: 15_000, feePaise: tripFeePaise(TRUCK, 37.5) + 15_000, weightKg: 10_000 });
    expect(quoteSeller(card({ freeDeliveryFromPaise: 5_000_000 }), [cement(200)], to, 3, new Date())).toMatchObject({ transportPaise: 0, feePaise: 15_000 });
    expect(quoteSeller(card({ minimumOrderPaise: 1_000_000 }), [cement(10)], to, 0, new Date())).toMatchObject({ served: false, reason: 'Minimum order for delivery is ₹10,000' });
    expect(quoteSeller(card(), [cement(10)], { latitude: 18.9474, longitude: 72.8138, pincode: '400001' }, 0, new Date())).toMatchObject({ served: false, reason: 'Does not deliver to 400001' });
  });
});

describe('delivery dates (India)', () => {
  const schedule = { leadDays: 1, weekdays: [1, 2, 3, 4, 5, 6], cutoff: '14:00' };
  it('counts from today before the cut-off and from tomorrow after it, skipping Sunday', () => {
    // Friday 27 Nov 2026: 13:59 and 14:01 in India.
    expect(deliveryDates(new Date('2026-11-27T08:29:00Z'), schedule)).toEqual(['2026-11-28', '2026-11-30', '2026-12-01']);
    expect(deliveryDates(new Date('2026-11-27T08:31:00Z'), schedule)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });
  it("crosses the month's end, and takes India's date when UTC is still on the day before", () => {
    expect(deliveryDates(new Date('2026-11-30T04:00:00Z'), { ...schedule, leadDays: 2 })[0]).toBe('2026-12-02');
    // 20:00 UTC on 30 Nov is 01:30 on 1 Dec in India: before the cut-off of 1 Dec.
    expect(deliveryDates(new Date('2026-11-30T20:00:00Z'), schedule)[0]).toBe('2026-12-02');
    expect(deliveryDates(new Date('2026-12-31T10:00:00Z'), { leadDays: 0, weekdays: [1, 3, 5], cutoff: '09:00' })).toEqual(['2027-01-01', '2027-01-04', '2027-01-06']);
  });
});
