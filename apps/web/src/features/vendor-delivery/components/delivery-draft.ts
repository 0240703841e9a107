import { VEHICLE_CLASSES, type DeliverySettings, type VehicleClass } from '@nirmaan/shared/delivery';
import { paiseToRupees, rupeesToPaise } from '@nirmaan/shared/money';

/**
 * The Delivery page's form as typed (text fields, rupees), and its conversion to the settings the server takes
 * (paise). The server checks everything again and names the field it refuses.
 */
export interface VehicleDraft { vehicleClass: VehicleClass; capacityKg: string; capacityM3: string; baseFare: string; includedKm: string; perKm: string; categories: string }
export interface DeliveryDraft {
  pincode: string; radiusKm: string; include: string; exclude: string; vehicles: VehicleDraft[];
  unloadingPerFloor: string; minimumOrder: string; freeFrom: string; leadDays: string; weekdays: number[]; cutoff: string;
}

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function newVehicle(vehicleClass: VehicleClass = 'tempo'): VehicleDraft {
  const c = VEHICLE_CLASSES[vehicleClass];
  return { vehicleClass, capacityKg: String(c.capacityKg), capacityM3: String(c.capacityM3), baseFare: '800', includedKm: '10', perKm: '25', categories: '' };
}

export const EMPTY_DRAFT: DeliveryDraft = {
  pincode: '', radiusKm: '25', include: '', exclude: '', vehicles: [newVehicle()], unloadingPerFloor: '50', minimumOrder: '0', freeFrom: '',
  leadDays: '1', weekdays: [1, 2, 3, 4, 5, 6], cutoff: '14:00',
};

const rupees = (paise: number) => String(paiseToRupees(paise));
const list = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

export function draftOf(s: DeliverySettings | null): DeliveryDraft {
  if (!s) return EMPTY_DRAFT;
  return {
    pincode: s.dispatch.pincode ?? '', radiusKm: s.radiusKm === null ? '' : String(s.radiusKm),
    include: s.areaRules.filter((r) => r.include).map((r) => r.match).join(', '),
    exclude: s.areaRules.filter((r) => !r.include).map((r) => r.match).join(', '),
    vehicles: s.vehicles.map((v) => ({
      vehicleClass: v.vehicleClass, capacityKg: String(v.capacityKg), capacityM3: String(v.capacityM3), baseFare: rupees(v.baseFarePaise),
      includedKm: String(v.includedKm), perKm: rupees(v.perKmPaise), categories: v.categories.join(', '),
    })),
    unloadingPerFloor: rupees(s.unloadingPerFloorPaise), minimumOrder: rupees(s.minimumOrderPaise),
    freeFrom: s.freeDeliveryFromPaise === null ? '' : rupees(s.freeDeliveryFromPaise), leadDays: String(s.leadDays), weekdays: s.weekdays, cutoff: s.cutoff,
  };
}

/** A number as typed; NaN (which the server refuses with its message) when it is not one. */
const num = (text: string) => (text.trim() === '' ? NaN : Number(text));
const paise = (text: string) => {
  const n = num(text);
  return Number.isFinite(n) && n >= 0 && Math.round(n * 100) === n * 100 ? rupeesToPaise(n) : -1;
};

export function settingsOf(d: DeliveryDraft): DeliverySettings {
  return {
    dispatch: { pincode: d.pincode.trim() || null, latitude: null, longitude: null },
    radiusKm: d.radiusKm.trim() === '' ? null : num(d.radiusKm),
    areaRules: [...list(d.include).map((match) => ({ match, include: true })), ...list(d.exclude).map((match) => ({ match, include: false }))],
    vehicles: d.vehicles.map((v) => ({
      vehicleClass: v.vehicleClass, capacityKg: num(v.capacityKg), capacityM3: num(v.capacityM3), baseFarePaise: paise(v.baseFare),
      includedKm: num(v.includedKm), perKmPaise: paise(v.perKm), categories: v.categories.split(',').map((c) => c.trim()).filter(Boolean),
    })),
    unloadingPerFloorPaise: paise(d.unloadingPerFloor), minimumOrderPaise: paise(d.minimumOrder),
    freeDeliveryFromPaise: d.freeFrom.trim() === '' ? null : paise(d.freeFrom),
    leadDays: num(d.leadDays), weekdays: d.weekdays, cutoff: d.cutoff,
  };
}
