import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PHOTO_TYPES, PRIVATE_FILE_MAX_BYTES, PRIVATE_FILE_MSG, PRIVATE_FILE_TYPES, XLSX_TYPE, ZErrorBody, ZPrivateFile, ZVendorDocuments, ZVendorDocumentsBody,
} from '@nirmaan/shared';
import { AppError } from '../lib/errors.ts';
import { ANY_SESSION_SECURITY, SESSION_SECURITY, VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { LOGIN_REQUIRED, requireCustomer, requireVendor } from '../lib/identity.ts';
import { boundaryOf, filePartOf } from '../lib/multipart.ts';
import * as disputes from '../modules/disputes/service.ts';
import * as service from '../modules/files/service.ts';
import * as orders from '../modules/orders/service.ts';
import * as rfqs from '../modules/rfqs/service.ts';

/** The multipart wrapping around a 5 MB file: boundaries and part headers, never more than this. */
const MULTIPART_OVERHEAD = 64 * 1024;
const ZFileParams = z.object({ id: z.string().max(100) });
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf', [XLSX_TYPE]: 'xlsx', 'text/csv': 'csv' };
/** Refused before megabytes of body are read: a body too large says so in words. */
const tooLargeInWords = (err: unknown) => {
  if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', PRIVATE_FILE_MSG.tooLarge);
  throw err;
};

async function requireOwner(req: FastifyRequest): Promise<service.FileOwner> {
  const who = await req.identity();
  if (!who) throw new AppError('UNAUTHENTICATED', LOGIN_REQUIRED);
  return { kind: who.role, id: who.id };
}

/** The multipart body's `file` part, or a 4xx saying what to send. */
function uploadOf(req: FastifyRequest): Buffer {
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary || !Buffer.isBuffer(req.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PRIVATE_FILE_MSG.noFile);
  const part = filePartOf(req.body, boundary);
  if (!part || part.length === 0) throw new AppError('BAD_REQUEST', PRIVATE_FILE_MSG.noFile);
  if (part.length > PRIVATE_FILE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PRIVATE_FILE_MSG.tooLarge);
  return part;
}

/**
 * Private files (decision record 021): uploaded by a logged-in customer or vendor, read back by the owner or an
 * operator, never under /uploads/ and never cached; and the vendor's KYC documents made of them.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin reads raw bodies (multipart, or anything else to refuse with a message); JSON keeps its parser.
  const raw = { parseAs: 'buffer' as const, bodyLimit: PRIVATE_FILE_MAX_BYTES + MULTIPART_OVERHEAD };
  app.addContentTypeParser('*', raw, (_req, body, done) => done(null, body));

  app.post('/api/files', {
    bodyLimit: PRIVATE_FILE_MAX_BYTES + MULTIPART_OVERHEAD,
    // Refused before megabytes of body are read from a visitor.
    onRequest: async (req) => {
      await requireOwner(req);
    },
    errorHandler: tooLargeInWords,
    schema: {
      tags: ['files'], security: ANY_SESSION_SECURITY,
      summary: `Upload a private file (multipart/form-data, one part named "file": ${PRIVATE_FILE_TYPES.join(', ')}, at most 5 MB, `
        + 'checked from its bytes; photos are re-encoded without their metadata). Only its owner and operators can read it. 60 an hour per owner',
      consumes: ['multipart/form-data'],
      response: { 201: ZPrivateFile, ...sessionErrorResponses, 413: ZErrorBody, 415: ZErrorBody },
    },
  }, async (req, reply) => {
    const owner = await requireOwner(req);
    const file = await service.storePrivateFile({ db: app.db, limiter: app.limiter, store: app.storage.private, owner, upload: uploadOf(req) });
    return reply.status(201).header('cache-control', 'no-store').send(file);
  });

  app.post('/api/rfqs/files', {
    bodyLimit: PRIVATE_FILE_MAX_BYTES + MULTIPART_OVERHEAD,
    onRequest: async (req) => {
      await requireCustomer(req);
    },
    errorHandler: tooLargeInWords,
    schema: {
      tags: ['rfqs'], security: SESSION_SECURITY,
      summary: 'Upload a photo or a bill of quantities for a request for quotes (multipart/form-data, one part named "file": a JPEG, PNG or WebP photo, '
        + 'or a PDF, .xlsx workbook without macros or CSV, at most 5 MB, checked from its bytes; photos re-encoded without their metadata, a '
        + "workbook's author and company blanked). Logged-in customers; the id goes in POST /api/rfqs's fileIds. 60 files an hour per customer",
      consumes: ['multipart/form-data'],
      response: { 201: ZPrivateFile, ...sessionErrorResponses, 413: ZErrorBody, 415: ZErrorBody },
    },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    const file = await service.storePrivateFile({
      db: app.db, limiter: app.limiter, store: app.storage.private, owner: { kind: 'customer', id: me.id }, upload: uploadOf(req),
      purpose: 'request',
    });
    return reply.status(201).header('cache-control', 'no-store').send(file);
  });

  app.get('/api/files/:id', {
    schema: {
      tags: ['files'], security: ANY_SESSION_SECURITY, params: ZFileParams, response: sessionErrorResponses,
      summary: 'A private file, to its owner (customer or vendor session), the vendor a dispute with it as a photo is against, the customer of a line delivered with it as the photo, '
        + 'the sellers a request for quotes with it went to (until an operator hides the request), or any logged-in operator (ops session); 404 for anyone else',
    },
  }, async (req, reply) => {
    const viewer: service.FileViewer = (await req.operator()) ? { operator: true } : await requireOwner(req);
    const { file, object } = await service.openPrivateFile({
      db: app.db, store: app.storage.private, id: req.params.id, viewer,
      // The customer's photos of a dispute are shown to the vendor it is against, so it can answer them; a vendor's
      // photo of a delivery made while the customer was away is shown to that customer (decision 032).
      // The files of a request for quotes are shown to the sellers it went to (decision record 045).
      sharedWith: async (fileId, who) => (who.kind === 'vendor'
        ? (await disputes.isPhotoOfDisputeAgainst(app.db, who.id, fileId)) || rfqs.isFileOfRequestRoutedTo(app.db, who.id, fileId)
        : orders.isDeliveryPhotoOfCustomer(app.db, who.id, fileId)),
    });
    // Dispute and delivery photos open in the browser; documents and a request's files are downloaded, never
    // rendered on our origin. Nothing runs either way.
    const photo = (PHOTO_TYPES as readonly string[]).includes(file.contentType);
    const disposition = photo && !(await rfqs.isRequestFile(app.db, file.id)) ? 'inline' : 'attachment';
    return reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('content-disposition', `${disposition}; filename="document-${file.id}.${EXTENSIONS[file.contentType]}"`)
      .header('content-length', object.size)
      .type(file.contentType)
      // A stream bypasses the JSON serializer; the declared schemas are the error answers.
      .send(object.body as never);
  });

  app.get('/api/vendor/documents', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY, response: { 200: ZVendorDocuments, ...sessionErrorResponses },
      summary: "The vendor's KYC documents (PAN card, GST certificate, cancelled cheque), each a private file",
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.vendorDocuments(app.db, me.id);
  });

  app.put('/api/vendor/documents', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY, body: ZVendorDocumentsBody, response: { 200: ZVendorDocuments, ...sessionErrorResponses },
      summary: 'Attach KYC documents: each kind given is set to a private file this vendor uploaded (POST /api/files), or removed with null',
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.setVendorDocuments(app.db, me.id, req.body);
  });
};
