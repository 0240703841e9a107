import { DELIVERY_REFUSAL, VEHICLE_CLASSES, type AreaRule, type VehicleClass, type Vehicle } from '@nirmaan/shared/delivery';
import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import { formatPaise, sumPaise, timesQuantity } from '@nirmaan/shared/money';

/**
 * The quote engine (decision record 034): pure functions, no database and no clock of their own. Given a seller's
 * rate card, the load of a cart's lines from that seller and where it goes, it says whether the seller serves that
 * PIN (and why not), which vehicles carry the load at the lowest fee, the fee in paise, and the first dates it can
 * arrive in India's calendar.
 */

/**
 * Roads are longer than the straight line: 1.3 × the great-circle distance is a common circuity figure for Indian
 * roads within a city's reach (studies put it between 1.2 and 1.4), and PIN centroids are approximate anyway.
 */
export const ROAD_FACTOR = 1.3;
/** A load needing more trips than this is not quoted: the customer is asked to split it or to call the seller. */
export const MAX_TRIPS = 30;

export interface Point { latitude: number; longitude: number }

export interface Schedule { leadDays: number; weekdays: readonly number[]; cutoff: string }

/** A seller's delivery settings as the engine reads them (money in paise). */
export interface RateCard extends Schedule {
  dispatch: Point;
  radiusKm: number | null;
  areaRules: readonly AreaRule[];
  vehicles: readonly Vehicle[];
  unloadingPerFloorPaise: number;
  minimumOrderPaise: number;
  freeDeliveryFromPaise: number | null;
}

/** One cart line of the seller's: how many units, what one unit weighs and fills, what the line costs. */
export interface LoadLine { productId: string; name: string; category: string; quantity: number; weightKg: number; volumeM3: number; totalPaise: number }

export interface Destination extends Point { pincode: string }

const EARTH_RADIUS_KM = 6371.0088;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance in km. */
export function haversineKm(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The road distance a quote charges for: the straight line × ROAD_FACTOR, to 0.1 km. */
export const roadKm = (from: Point, to: Point) => Math.round(haversineKm(from, to) * ROAD_FACTOR * 10) / 10;

/**
 * Whether the seller serves the PIN: an exact PIN rule beats any prefix, a longer prefix beats a shorter one, and
 * any rule beats the radius; with no rule matching and no radius, it does not.
 */
export function servesPincode(card: Pick<RateCard, 'areaRules' | 'radiusKm'>, pincode: string, distanceKm: number): boolean {
  let best: AreaRule | null = null;
  for (const rule of card.areaRules) {
    if (!pincode.startsWith(rule.match)) continue;
    if (!best || rule.match.length > best.match.length) best = rule;
  }
  if (best) return best.include;
  return card.radiusKm !== null && distanceKm <= card.radiusKm;
}

/** One trip of a vehicle over `km`: its base fare, plus its rate for every started km beyond those included. */
export function tripFeePaise(v: Pick<Vehicle, 'baseFarePaise' | 'includedKm' | 'perKmPaise'>, km: number): number {
  const beyond = Math.max(0, Math.ceil(km - v.includedKm - 1e-9));
  return sumPaise([v.baseFarePaise, timesQuantity(v.perKmPaise, beyond)]);
}

export interface Trip { vehicleClass: VehicleClass; label: string; count: number; vehicle: Vehicle }

interface Option { v: Vehicle; fee: number }

/**
 * The vehicles and trips that carry `weightKg` and `volumeM3` at the lowest total fee (fewer trips on a tie), or null
 * when it takes more than MAX_TRIPS. A branch-and-bound over how many trips each vehicle makes: each branch is cut
 * once even the cheapest fee per kg (or per m³) of the vehicles left cannot beat the best plan found.
 */
export function cheapestTrips(vehicles: readonly Vehicle[], weightKg: number, volumeM3: number, km: number): { trips: Trip[]; feePaise: number } | null {
  const options: Option[] = vehicles.map((v) => ({ v, fee: tripFeePaise(v, km) }))
    .sort((a, b) => b.v.capacityKg - a.v.capacityKg || a.fee - b.fee);
  if (options.length === 0) return null;
  let best: { counts: number[]; fee: number; trips: number } | null = null;
  const counts = options.map(() => 0);
  const perKgFrom = options.map((_, i) => Math.min(...options.slice(i).map((o) => o.fee / o.v.capacityKg)));
  const perM3From = options.map((_, i) => Math.min(...options.slice(i).map((o) => o.fee / o.v.capacityM3)));
  const search = (i: number, kg: number, m3: number, fee: number, trips: number) => {
    if (kg <= 1e-9 && m3 <= 1e-9) {
      if (!best || fee < best.fee || (fee === best.fee && trips < best.trips)) best = { counts: [...counts], fee, trips };
      return;
    }
    if (i === options.length || trips >= MAX_TRIPS) return;
    const bound = fee + Math.max(kg * perKgFrom[i]!, m3 * perM3From[i]!);
    if (best && bound > best.fee) return;
    const o = options[i]!;
    const need = Math.min(MAX_TRIPS - trips, Math.ceil(Math.max(kg / o.v.capacityKg, m3 / o.v.capacityM3) - 1e-9));
    for (let c = need; c >= 0; c--) {
      counts[i] = c;
      search(i + 1, kg - c * o.v.capacityKg, m3 - c * o.v.capacityM3, fee + c * o.fee, trips + c);
    }
    counts[i] = 0;
  };
  search(0, weightKg, volumeM3, 0, 0);
  const found = best as { counts: number[]; fee: number } | null;
  if (!found) return null;
  const trips = options.flatMap((o, i) => (found.counts[i]! > 0
    ? [{ vehicleClass: o.v.vehicleClass, label: VEHICLE_CLASSES[o.v.vehicleClass].label, count: found.counts[i]!, vehicle: o.v }] : []));
  return { trips, feePaise: found.fee };
}

/** The weekday of a YYYY-MM-DD date, 0 Sunday … 6 Saturday. */
export const weekdayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/** The time of day in India, HH:MM. */
function timeInIndia(now: Date): string {
  const minutes = Math.floor((now.getTime() / 60_000 + 330) % 1440);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The first `count` dates the seller can deliver, in India's calendar: an order before the cut-off counts from
 * today, after it from tomorrow; then the lead time in calendar days; then the next delivery weekday.
 */
export function deliveryDates(now: Date, s: Schedule, count = 3): string[] {
  if (s.weekdays.length === 0) return [];
  const today = todayInIndia(now);
  const counted = timeInIndia(now) < s.cutoff ? today : addDays(today, 1);
  const dates: string[] = [];
  for (let d = addDays(counted, s.leadDays); dates.length < count; d = addDays(d, 1)) {
    if (s.weekdays.includes(weekdayOf(d))) dates.push(d);
  }
  return dates;
}

export type SellerQuote =
  | { served: true; distanceKm: number; trips: Trip[]; transportPaise: number; unloadingPaise: number; feePaise: number; weightKg: number; volumeM3: number; dates: string[] }
  | { served: false; reason: string; distanceKm: number | null; weightKg: number; volumeM3: number };

/** The load of the lines: total kg and m³. */
export function loadOf(lines: readonly LoadLine[]) {
  return {
    weightKg: lines.reduce((s, l) => s + l.weightKg * l.quantity, 0),
    volumeM3: lines.reduce((s, l) => s + l.volumeM3 * l.quantity, 0),
  };
}

/** The vehicles that may carry every category of the load (a vehicle listing no category carries any). */
function vehiclesFor(card: RateCard, lines: readonly LoadLine[]) {
  const categories = new Set(lines.map((l) => l.category.toLowerCase()));
  return card.vehicles.filter((v) => v.categories.length === 0 || [...categories].every((c) => v.categories.some((k) => k.toLowerCase() === c)));
}

/** A seller's quote for its lines of a cart delivered to `to`, `floors` up without a lift, asked at `now`. */
export function quoteSeller(card: RateCard, lines: readonly LoadLine[], to: Destination, floors: number, now: Date): SellerQuote {
  const load = loadOf(lines);
  const distanceKm = roadKm(card.dispatch, to);
  const refuse = (reason: string): SellerQuote => ({ served: false, reason, distanceKm, ...load });
  if (!servesPincode(card, to.pincode, distanceKm)) return refuse(DELIVERY_REFUSAL.notDeliveredTo(to.pincode));
  const subtotal = sumPaise(lines.map((l) => l.totalPaise));
  if (subtotal < card.minimumOrderPaise) return refuse(DELIVERY_REFUSAL.minimumOrder(formatPaise(card.minimumOrderPaise, { wholeRupees: 'short' })));
  const vehicles = vehiclesFor(card, lines);
  if (vehicles.length === 0) return refuse(DELIVERY_REFUSAL.noVehicle([...new Set(lines.map((l) => l.category))].join(' with ')));
  const plan = cheapestTrips(vehicles, load.weightKg, load.volumeM3, distanceKm);
  if (!plan) return refuse(DELIVERY_REFUSAL.tooLarge(MAX_TRIPS));
  const free = card.freeDeliveryFromPaise !== null && subtotal >= card.freeDeliveryFromPaise;
  const transportPaise = free ? 0 : plan.feePaise;
  const unloadingPaise = timesQuantity(card.unloadingPerFloorPaise, floors);
  return {
    served: true, distanceKm, trips: plan.trips, transportPaise, unloadingPaise, feePaise: sumPaise([transportPaise, unloadingPaise]),
    ...load, dates: deliveryDates(now, card),
  };
}
