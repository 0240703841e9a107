import type { ReverseGeocode } from '@nirmaan/shared/geocode';
import { api } from './api.ts';

/** Why Locate Me failed: pages word each case in their own texts (SPEC.md §8). */
export class LocateError extends Error {
  constructor(readonly kind: 'unsupported' | 'position' | 'address', message: string) {
    super(message);
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, (err) => reject(new LocateError('position', err.message || 'permission denied')), {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: 60_000,
    });
  });
}

/** The device's position, then its address through the server's reverse geocoder (GET /api/geocode/reverse). */
export async function locateMe(): Promise<ReverseGeocode> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) throw new LocateError('unsupported', 'Geolocation is not supported by your browser.');
  const { coords } = await currentPosition();
  const query = new URLSearchParams({ lat: String(coords.latitude), lon: String(coords.longitude) });
  try {
    return await api<ReverseGeocode>(`/api/geocode/reverse?${query}`);
  } catch (err) {
    throw new LocateError('address', err instanceof Error ? err.message : 'Failed to fetch address from location');
  }
}
