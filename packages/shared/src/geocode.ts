import { z } from 'zod';

/** GET /api/geocode/reverse: the server's proxy to a Nominatim-compatible reverse geocoder. */
export const ZReverseGeocodeQuery = z.object({
  lat: z.coerce.number({ message: 'Latitude must be a number.' }).min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.'),
  lon: z.coerce.number({ message: 'Longitude must be a number.' }).min(-180, 'Longitude is between -180 and 180.').max(180, 'Longitude is between -180 and 180.'),
});
export type ReverseGeocodeQuery = z.infer<typeof ZReverseGeocodeQuery>;

export const ZReverseGeocode = z.object({
  /** The whole address in one line, as the geocoder formats it. */
  formattedAddress: z.string(),
  /** House number and road (or the nearest named place), for a street field. */
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ReverseGeocode = z.infer<typeof ZReverseGeocode>;
