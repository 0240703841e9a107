import { useState } from 'react';
import type { ReverseGeocode } from '@nirmaan/shared/geocode';
import { api } from './api.ts';

/** Why Locate Me failed: pages word each case in their own texts (the spec's screen texts). */
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

/** The texts a page shows when Locate Me fails, by what failed; `detail` is the browser's own reason. */
export type LocateFailureText = (kind: LocateError['kind'], detail: string) => string;

/**
 * Locate Me for an address form: `locate()` finds the device's address and hands it to `onFound`; a failure is
 * toasted in the page's own words. `locating` is true while it runs.
 */
export function useLocateMe(onFound: (place: ReverseGeocode) => void, failureText: LocateFailureText, toast: (text: string) => void) {
  const [locating, setLocating] = useState(false);
  const locate = async () => {
    setLocating(true);
    try {
      onFound(await locateMe());
    } catch (err) {
      const located = err instanceof LocateError ? err : new LocateError('address', 'Failed to fetch address from location');
      toast(failureText(located.kind, located.message));
    } finally {
      setLocating(false);
    }
  };
  return { locating, locate: () => void locate() };
}
