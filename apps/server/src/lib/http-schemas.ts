import { ZErrorBody } from '@nirmaan/shared';

/** Declared on every route so the documented error shape is the one sent. */
export const errorResponses = { 400: ZErrorBody, 404: ZErrorBody, 500: ZErrorBody } as const;

/** The error answers of a call that needs a session (and may be limited or conflict). */
export const sessionErrorResponses = {
  ...errorResponses, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody,
} as const;

/** OpenAPI marker of calls that need the session cookie; the access-matrix test reads it. */
export const SESSION_SECURITY = [{ sessionCookie: [] }];
