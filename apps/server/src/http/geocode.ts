import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZReverseGeocode, ZReverseGeocodeQuery } from '@nirmaan/shared';
import { errorResponses } from '../lib/http-schemas.ts';
import { ReverseGeocoder } from '../modules/geocode/service.ts';

/** GET /api/geocode/reverse: Locate Me's address lookup, through our server (no key or third party in the browser). */
export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = new ReverseGeocoder(app.config.GEOCODER_URL);
  app.get('/api/geocode/reverse', {
    schema: {
      tags: ['geocoding'],
      summary: 'The address at a position (Nominatim-compatible geocoder, at most one upstream request a second, cached)',
      querystring: ZReverseGeocodeQuery,
      response: { 200: ZReverseGeocode, 429: ZErrorBody, 502: ZErrorBody, ...errorResponses },
    },
  }, (req) => geocoder.lookup(req.query.lat, req.query.lon));
};
