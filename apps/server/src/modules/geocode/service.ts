import type { ReverseGeocode } from '@nirmaan/shared';
import { AppError } from '../../lib/errors.ts';

const USER_AGENT = 'Nirmaan/1.0 (construction marketplace; +https://nirmaan.in; support@nirmaan.in)';
const MIN_GAP_MS = 1_000;
const TIMEOUT_MS = 6_000;
const MAX_WAIT_MS = 8_000;
const CACHE_ENTRIES = 2_000;
const CACHE_MS = 24 * 3600_000;
const UNAVAILABLE = 'We could not find your address right now. Please type it in.';

interface NominatimAddress {
  house_number?: string; road?: string; neighbourhood?: string; suburb?: string; city?: string; town?: string; village?: string;
  county?: string; state_district?: string; state?: string; postcode?: string;
}

/** Nominatim's reverse answer → our address: the parts a form needs and the one-line address. */
export function toAddress(lat: number, lon: number, body: { display_name?: string; address?: NominatimAddress; error?: string }): ReverseGeocode {
  const a = body.address ?? {};
  const street = [a.house_number, a.road, a.neighbourhood ?? a.suburb].filter(Boolean).join(', ');
  return {
    formattedAddress: body.display_name ?? street,
    street,
    city: a.city ?? a.town ?? a.village ?? a.county ?? a.state_district ?? '',
    state: a.state ?? '',
    pincode: (a.postcode ?? '').replace(/\s+/g, ''),
    latitude: lat,
    longitude: lon,
  };
}

/**
 * A reverse geocoder behind our own call: one upstream request a second at most (Nominatim's usage policy), a
 * proper User-Agent, and answers cached by position rounded to about 10 m.
 */
export class ReverseGeocoder {
  private readonly cache = new Map<string, { at: number; value: ReverseGeocode }>();
  private nextSlot = 0;

  constructor(private readonly baseUrl: string) {}

  async lookup(lat: number, lon: number): Promise<ReverseGeocode> {
    const key = `${lat.toFixed(4)},${lon.toFixed(4)}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    await this.waitForSlot();
    const url = new URL('/reverse', this.baseUrl);
    url.search = new URLSearchParams({ format: 'jsonv2', lat: String(lat), lon: String(lon), addressdetails: '1', 'accept-language': 'en' }).toString();
    let body: { display_name?: string; address?: NominatimAddress; error?: string };
    try {
      const res = await fetch(url, { headers: { 'user-agent': USER_AGENT, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      body = (await res.json()) as typeof body;
    } catch {
      throw new AppError('BAD_GATEWAY', UNAVAILABLE);
    }
    if (body.error || !body.address) throw new AppError('NOT_FOUND', 'No address was found for this location. Please type it in.');
    const value = toAddress(lat, lon, body);
    this.cache.set(key, { at: Date.now(), value });
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  /** Queues callers one second apart; one that would wait too long is told to try again. */
  private async waitForSlot() {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    if (at - now > MAX_WAIT_MS) throw new AppError('RATE_LIMITED', 'Many people are locating themselves right now. Please try again in a few seconds.', { 'retry-after': '5' });
    this.nextSlot = at + MIN_GAP_MS;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}
