import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@nirmaan/shared';
import { AppError } from '../lib/errors.ts';
import { translateMessage } from '../lib/i18n.ts';
import { localeOf } from './locale.ts';
import { StorageError } from '../lib/storage/index.ts';

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';
const STORAGE_DOWN = 'Files cannot be stored or read right now. Please try again in a minute.';

/** Fastify's own errors (body parsing, URLs), each with a code and a message a person can act on. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please send JSON (Content-Type: application/json).' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty; JSON was expected.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The request’s length does not match its body.' },
  FST_ERR_BAD_URL: { code: 'BAD_URL', message: 'That address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'That address is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', message: 'That request is not valid.' },
};
const STATUS = { BAD_REQUEST: 400, INVALID_JSON: 400, BAD_URL: 400, PAYLOAD_TOO_LARGE: 413, URI_TOO_LONG: 414, UNSUPPORTED_MEDIA_TYPE: 415 } as Record<ErrorCode, number>;

/**
 * Every refusal leaves here, so here it is put in the request's language (docs/decisions/039): the message and each
 * field's message. In English (no cookie, no or an English Accept-Language) the body is exactly what the service wrote.
 */
function send(reply: FastifyReply, status: number, body: ErrorBody) {
  // Before routing (a malformed URL) the request has no decorators yet: its language is read from the headers.
  const locale = reply.request?.headers ? localeOf(reply.request) : 'en';
  const said = locale === 'en' ? body : {
    ...body,
    message: translateMessage(locale, body.message),
    ...(body.issues ? { issues: body.issues.map((issue) => ({ ...issue, message: translateMessage(locale, issue.message) })) } : {}),
  };
  return reply.status(status).type('application/json; charset=utf-8').send(said);
}

/** Errors raised before routing (a malformed URL, a too-long path parameter) take the same shape. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[err.code];
  if (known) return send(reply, STATUS[known.code] ?? 400, { message: known.message, code: known.code });
  return send(reply, 400, { message: 'That request is not valid.', code: 'BAD_REQUEST' });
}

/** Failures below HTTP (headers too large, a timeout) answer with the same JSON shape, then close. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body]: [number, string, ErrorBody] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', { message: 'The request’s headers are too large.', code: 'HEADERS_TOO_LARGE' }]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', { message: 'The request took too long to arrive.', code: 'BAD_REQUEST' }]
        : [400, 'Bad Request', { message: 'That request is not valid HTTP.', code: 'BAD_REQUEST' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy(err);
}

/** One handler for every failure: 4xx carry a message the UI can show, 5xx carry nothing internal. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return send(reply, err.status, { message: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is invalid',
      }));
      const first = issues[0];
      return send(reply, 400, { message: first ? first.message : 'The request is not valid.', code: 'BAD_REQUEST', issues });
    }
    if (err instanceof StorageError) {
      // The store's own words (which call, which code) go to the log; the client learns only to try again.
      request.log.error({ storage: err.message }, 'file storage failed');
      return send(reply, 503, { message: STORAGE_DOWN, code: 'UNAVAILABLE' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return send(reply, 500, { message: SERVER_ERROR, code: 'INTERNAL' });
    }
    const known = FRAMEWORK_ERRORS[err.code];
    if (known) return send(reply, STATUS[known.code] ?? 400, { message: known.message, code: known.code });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return send(reply, status, { message: err.message, code });
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, { message: SERVER_ERROR, code: 'INTERNAL' });
  });
}
