import {
  PLATFORM_DELIVERY, PLATFORM_SCHEDULE, loadPerUnit, notDeliveredToMessage, unknownPincodeMessage,
  type DeliverySettings, type PincodeInfo, type Quote, type QuoteBody, type VendorDelivery, type VendorQuote,
} from '@nirmaan/shared/delivery';
import type { DeliveryChoice } from '@nirmaan/shared/cart';
import { splitPaise, sumPaise, timesQuantity } from '@nirmaan/shared/money';
import { unitPricePaise } from '@nirmaan/shared/quantity-breaks';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { findProductsForSale, type ProductForSale } from '../catalogue/service.ts';
import { getVendorMe } from '../vendors/service.ts';
import { findPincode, type Pincode } from './pincodes.ts';
import { deliveryDates, quoteSeller, roadKm, servesPincode, type LoadLine, type RateCard, type SellerQuote } from './quote.ts';
import * as repo from './repository.ts';

/**
 * Delivery (issue 32; decision record 034): the PIN code table, sellers' delivery settings, and quotes of what a
 * delivery costs and when it arrives. The only door into this module.
 */

export { findPincode, pincodeCount } from './pincodes.ts';
export { deliveryDates, roadKm } from './quote.ts';

/** GET /api/pincodes/{pin}: the PIN's district, state and centroid, or a 404 that says which PIN is unknown. */
export function pincodeInfo(pin: string): PincodeInfo {
  const found = findPincode(pin);
  if (!found) throw new AppError('NOT_FOUND', unknownPincodeMessage(pin));
  return found;
}

// ─── A seller's settings ────────────────────────────────────────────────────────────────────────────────────────

const SELLERS_ONLY = 'Only product sellers deliver. Professionals offer their services instead.';

async function requireSeller(db: Db, vendorId: string) {
  if ((await getVendorMe(db, vendorId)).kind !== 'seller') throw new AppError('FORBIDDEN', SELLERS_ONLY);
}

function toSettings(row: repo.SettingsRow): DeliverySettings {
  return {
    dispatch: { pincode: row.dispatchPincode, latitude: row.dispatchLatitude, longitude: row.dispatchLongitude },
    radiusKm: row.radiusKm, areaRules: row.areaRules, vehicles: row.vehicles,
    unloadingPerFloorPaise: row.unloadingPerFloorPaise, minimumOrderPaise: row.minimumOrderPaise, freeDeliveryFromPaise: row.freeDeliveryFromPaise,
    leadDays: row.leadDays, weekdays: row.weekdays, cutoff: row.cutoff,
  };
}

const answer = (row: repo.SettingsRow | null): VendorDelivery => ({ settings: row ? toSettings(row) : null, platform: { ...PLATFORM_DELIVERY } });

/** GET /api/vendor/delivery: the seller's settings, or null when the platform's flat fee applies. */
export async function vendorDelivery(db: Db, vendorId: string): Promise<VendorDelivery> {
  await requireSeller(db, vendorId);
  return answer(await repo.findSettings(db, vendorId));
}

/**
 * PUT /api/vendor/delivery: the seller's whole settings (null: back to the platform's flat fee). A dispatch PIN
 * is stored with its centroid, unless the seller gave the point itself, which is more precise.
 */
export async function saveVendorDelivery(db: Db, vendorId: string, settings: DeliverySettings | null): Promise<VendorDelivery> {
  await requireSeller(db, vendorId);
  if (!settings) {
    await repo.deleteSettings(db, vendorId);
    return answer(null);
  }
  const { dispatch } = settings;
  let point = dispatch.latitude !== null && dispatch.longitude !== null ? { latitude: dispatch.latitude, longitude: dispatch.longitude } : null;
  if (dispatch.pincode !== null) {
    const pin = findPincode(dispatch.pincode);
    if (!pin) throw fieldError('settings.dispatch.pincode', unknownPincodeMessage(dispatch.pincode));
    point ??= pin;
  }
  const row = await repo.saveSettings(db, {
    vendorId, dispatchPincode: dispatch.pincode, dispatchLatitude: point!.latitude, dispatchLongitude: point!.longitude,
    radiusKm: settings.radiusKm, areaRules: settings.areaRules, vehicles: settings.vehicles,
    unloadingPerFloorPaise: settings.unloadingPerFloorPaise, minimumOrderPaise: settings.minimumOrderPaise, freeDeliveryFromPaise: settings.freeDeliveryFromPaise,
    leadDays: settings.leadDays, weekdays: [...settings.weekdays].sort(), cutoff: settings.cutoff,
  });
  return answer(row);
}

// ─── Quotes ─────────────────────────────────────────────────────────────────────────────────────────────────────

const rateCardOf = (row: repo.SettingsRow): RateCard => ({
  ...toSettings(row), dispatch: { latitude: row.dispatchLatitude, longitude: row.dispatchLongitude },
});

/** A cart line with its product (price and quantity prices, category, weight and volume per unit). */
export interface QuotedLine {
  product: Pick<ProductForSale, 'id' | 'name' | 'category' | 'unit' | 'pricePaise' | 'quantityBreaks' | 'vendorId' | 'vendorName' | 'weightKg' | 'volumeM3'>;
  quantity: number;
}

/** What a line's goods cost: its quantity at the unit price that quantity gets (the order line's own total). */
const goodsPaise = (l: QuotedLine) => timesQuantity(unitPricePaise(l.product.pricePaise, l.product.quantityBreaks, l.quantity), l.quantity);

function loadLineOf(l: QuotedLine): LoadLine {
  return {
    productId: l.product.id, name: l.product.name, category: l.product.category, quantity: l.quantity,
    ...loadPerUnit(l.product), totalPaise: goodsPaise(l),
  };
}

/** The platform's flat fee on the lines of sellers without settings: none without such lines, free from the threshold. */
export function platformFeePaise(subtotalPaise: number, hasLines: boolean): number {
  return hasLines && subtotalPaise < PLATFORM_DELIVERY.freeFromPaise ? PLATFORM_DELIVERY.feePaise : 0;
}

/** A seller's part of a delivery plan: its quote answer and, for checkout, the fee and dates to store. */
export interface SellerPlan { quote: VendorQuote; lines: QuotedLine[] }
export interface DeliveryPlan { sellers: SellerPlan[]; platformFeePaise: number; deliveryFeePaise: number }

function groupBySeller(lines: QuotedLine[]) {
  const groups = new Map<string, QuotedLine[]>();
  for (const l of lines) groups.set(l.product.vendorId, [...(groups.get(l.product.vendorId) ?? []), l]);
  return groups;
}

function sellerAnswer(lines: QuotedLine[], rule: VendorQuote['rule'], q: SellerQuote | null, dates: string[]): VendorQuote {
  const load = q ?? { weightKg: lines.reduce((s, l) => s + loadLineOf(l).weightKg * l.quantity, 0) };
  const served = q === null || q.served;
  return {
    vendorId: lines[0]!.product.vendorId, vendorName: lines[0]!.product.vendorName, productIds: lines.map((l) => l.product.id), rule, served,
    reason: q && !q.served ? q.reason : null, subtotalPaise: sumPaise(lines.map(goodsPaise)),
    feePaise: q?.served ? q.feePaise : 0, distanceKm: q?.distanceKm ?? null,
    trips: q?.served ? q.trips.map(({ vehicleClass, label, count }) => ({ vehicleClass, label, count })) : [],
    weightKg: Math.round(load.weightKg * 10) / 10, deliveryDate: served ? dates[0] ?? null : null, dates: served ? dates : [],
  };
}

/**
 * The delivery of these lines to `pincode` (null: a PIN the table does not know, which only sellers with their own
 * area refuse): each seller's quote under its own settings or the platform's rule, the platform's flat fee on the
 * lines of sellers without settings, and every fee together. Reads the settings with `db` (the caller's transaction
 * at checkout).
 */
export async function planDelivery(db: Db | Tx, pincode: string, pin: Pincode | null, lines: QuotedLine[], floors: number, now: Date): Promise<DeliveryPlan> {
  const groups = groupBySeller(lines);
  const cards = new Map((await repo.findSettingsOf(db, [...groups.keys()])).map((r) => [r.vendorId, rateCardOf(r)]));
  const sellers: SellerPlan[] = [];
  let platformSubtotal = 0;
  let platformLines = false;
  for (const [vendorId, own] of groups) {
    const card = cards.get(vendorId);
    if (!card) {
      platformLines = true;
      platformSubtotal = sumPaise([platformSubtotal, ...own.map(goodsPaise)]);
      sellers.push({ quote: sellerAnswer(own, 'platform', null, deliveryDates(now, PLATFORM_SCHEDULE)), lines: own });
      continue;
    }
    const q: SellerQuote = pin
      ? quoteSeller(card, own.map(loadLineOf), pin, floors, now)
      : { served: false, reason: notDeliveredToMessage(pincode), distanceKm: null, weightKg: 0, volumeM3: 0 };
    sellers.push({ quote: sellerAnswer(own, 'vendor', q, q.served ? q.dates : []), lines: own });
  }
  const platformFee = platformFeePaise(platformSubtotal, platformLines);
  const vendorFees = sellers.map((s) => s.quote.feePaise);
  return { sellers, platformFeePaise: platformFee, deliveryFeePaise: sumPaise([platformFee, ...vendorFees]) };
}

/**
 * POST /api/delivery/quote: per seller, whether it delivers these products to the PIN (and why not), the vehicles,
 * the fee and the first dates. An unknown PIN or product is a 404 naming it.
 */
export async function quote(db: Db, body: QuoteBody, now = new Date()): Promise<Quote> {
  const pin = findPincode(body.pincode);
  if (!pin) throw new AppError('NOT_FOUND', unknownPincodeMessage(body.pincode));
  const wanted = new Map<string, number>();
  for (const item of body.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  const products = new Map((await findProductsForSale(db, [...wanted.keys()])).map((p) => [p.id, p]));
  const missing = [...wanted.keys()].find((id) => !products.has(id));
  if (missing) throw new AppError('NOT_FOUND', 'One of these products no longer exists. Please check your cart.');
  const lines = [...wanted].map(([id, quantity]) => ({ product: products.get(id)!, quantity }));
  const plan = await planDelivery(db, body.pincode, pin, lines, body.floors ?? 0, now);
  return { pincode: pin, vendors: plan.sellers.map((s) => s.quote), platformFeePaise: plan.platformFeePaise, deliveryFeePaise: plan.deliveryFeePaise };
}

/**
 * Checkout's refusal of products that cannot be delivered, naming them: the area refusal says the PIN, the others
 * their own reason. Whole sentences, so the server's catalogue holds them (and the reason is translated inside).
 */
const undeliverable = (names: string, pincode: string, reason: string) => (reason === notDeliveredToMessage(pincode)
  ? `${names} cannot be delivered to ${pincode}. Please remove it from your cart or choose another address.`
  : `${names} cannot be delivered: ${reason}. Please remove it from your cart or choose another address.`);

/** Checkout's delivery of one line: its share of its seller's own fee, and the date and window chosen. */
export interface CheckoutLineDelivery { feePaise: number; date: string; window: 'morning' | 'afternoon' }

/**
 * Checkout: the plan's fee and date for each product. A seller that does not deliver there refuses the order with
 * a message naming its products; a chosen date must be one the seller's quote offered (none chosen: its first, in
 * the morning). A seller's own fee is shared over its lines by their totals, so that a cancelled line takes its
 * share back with it.
 */
export function checkoutDelivery(plan: DeliveryPlan, pincode: string, choices: DeliveryChoice[] = []) {
  const lines = new Map<string, CheckoutLineDelivery>();
  for (const { quote: q, lines: own } of plan.sellers) {
    const names = own.map((l) => l.product.name).join(', ');
    if (!q.served) throw new AppError('CONFLICT', undeliverable(names, pincode, q.reason!));
    const choice = choices.find((c) => c.vendorId === q.vendorId);
    if (choice && !q.dates.includes(choice.date)) throw new AppError('BAD_REQUEST', `Please choose one of the delivery dates offered for ${names}.`);
    const date = choice?.date ?? q.dates[0]!;
    const shares = splitPaise(q.feePaise, own.map(goodsPaise));
    own.forEach((l, i) => lines.set(l.product.id, { feePaise: shares[i]!, date, window: choice?.window ?? 'morning' }));
  }
  return { platformFeePaise: plan.platformFeePaise, lines };
}

// ─── Requests for quotes (issue 35) ─────────────────────────────────────────────────────────────────────────────

/**
 * The sellers whose own delivery area takes in the PIN, nearest dispatch point first, with the road distance. A
 * seller without settings (the platform's flat fee) has no dispatch point to measure from, so bulk requests do not
 * go to it (decision record 036).
 */
export async function sellersServing(db: Db | Tx, pin: Pincode): Promise<{ vendorId: string; distanceKm: number }[]> {
  const found: { vendorId: string; distanceKm: number }[] = [];
  for (const row of await repo.findAllSettings(db)) {
    const distanceKm = roadKm({ latitude: row.dispatchLatitude, longitude: row.dispatchLongitude }, pin);
    if (servesPincode(rateCardOf(row), pin.pincode, distanceKm)) found.push({ vendorId: row.vendorId, distanceKm });
  }
  return found.sort((a, b) => a.distanceKm - b.distanceKm || a.vendorId.localeCompare(b.vendorId));
}

/** What a seller's rate card proposes for a load: transport and unloading apart (paise), the distance and first dates. */
export interface FreightProposal { served: boolean; reason: string | null; freightPaise: number; unloadingPaise: number; distanceKm: number | null; dates: string[] }

/**
 * A seller's proposal for a request's load (each line a product of the seller at its list price, for the weight,
 * volume and the card's minimum order) to `pincode`, `floors` up: the quote engine's answer under the seller's
 * own settings. A seller without settings, or a PIN the table does not know, gets served false with a reason.
 */
export async function freightProposal(db: Db | Tx, vendorId: string, pincode: string, lines: QuotedLine[], floors: number, now: Date): Promise<FreightProposal> {
  const row = await repo.findSettings(db, vendorId);
  const pin = findPincode(pincode);
  if (!row || !pin) return { served: false, reason: notDeliveredToMessage(pincode), freightPaise: 0, unloadingPaise: 0, distanceKm: null, dates: [] };
  const q = quoteSeller(rateCardOf(row), lines.map(loadLineOf), pin, floors, now);
  if (!q.served) return { served: false, reason: q.reason, freightPaise: 0, unloadingPaise: 0, distanceKm: q.distanceKm, dates: [] };
  return { served: true, reason: null, freightPaise: q.transportPaise, unloadingPaise: q.unloadingPaise, distanceKm: q.distanceKm, dates: q.dates };
}
