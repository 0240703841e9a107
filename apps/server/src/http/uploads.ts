import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES, UPLOAD_MSG, UPLOAD_TYPES, ZErrorBody, ZUploadFileParams, ZUploadResponse } from '@nirmaan/shared';
import { AppError, notFound } from '../lib/errors.ts';
import { VENDOR_SESSION_SECURITY, errorResponses, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import * as service from '../modules/uploads/service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Vendors' images: POST /api/vendor/uploads takes the file itself as the body (any Content-Type but JSON; the
 * type is read from the bytes), up to 5 MB here while every other call keeps the global 256 KB limit.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes read raw bodies; JSON keeps its parser (and is refused by the handler).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_req, body, done) => done(null, body));

  app.post('/api/vendor/uploads', {
    bodyLimit: UPLOAD_MAX_BYTES,
    // Refused before 5 MB of body is read from a visitor or a customer.
    onRequest: async (req) => {
      await requireVendor(req);
    },
    errorHandler: (err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge);
      throw err;
    },
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY,
      summary: `Upload an image (the file itself as the body: ${UPLOAD_TYPES.join(', ')}, at most 5 MB, checked from its bytes); `
        + 'stored re-encoded as WebP at most 1600 px on the long side; returns its url. 60 an hour per vendor',
      consumes: [...UPLOAD_TYPES, 'application/octet-stream'],
      response: { 201: ZUploadResponse, ...sessionErrorResponses, 413: ZErrorBody, 415: ZErrorBody },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    const stored = await service.storeUpload({ db: app.db, limiter: app.limiter, store: app.storage.uploads, vendorId: me.id, body: req.body });
    return reply.status(201).send(stored);
  });

  app.get('/uploads/:file', {
    schema: { tags: ['vendor portal'], summary: 'An uploaded image (WebP, never changes)', params: ZUploadFileParams, response: errorResponses },
  }, async (req, reply) => {
    const image = await service.readUpload(app.storage.uploads, req.params.file);
    if (!image) throw notFound('No such image.');
    return reply
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-length', image.size)
      .type('image/webp')
      // A stream bypasses the JSON serializer; the declared schemas are the error answers.
      .send(image.body as never);
  });
};
