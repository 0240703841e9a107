import { ZErrorBody } from '@nirmaan/shared';

/** Declared on every route so the documented error shape is the one sent. */
export const errorResponses = { 400: ZErrorBody, 404: ZErrorBody, 500: ZErrorBody } as const;

/** The error answers of a call that needs a session (and may be limited or conflict). */
export const sessionErrorResponses = {
  ...errorResponses, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody,
} as const;

/**
 * OpenAPI markers of calls that need a session, by role; the access-matrix test reads them. Customer and
 * vendor sessions use the same cookie, so the schemes differ only in whose session they accept.
 */
export const SESSION_SECURITY = [{ sessionCookie: [] }];
export const VENDOR_SESSION_SECURITY = [{ vendorSession: [] }];
/** Calls both roles use (chat), each on its own side's data. */
export const ANY_SESSION_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }, { vendorSession: [] }];

/**
 * Operator console calls: the ops cookie, with the roles allowed listed as the scheme's scopes, so the
 * access tests derive who must be refused (a visitor, a customer, a vendor, an operator of another role).
 */
export const opsSecurity = (roles: readonly string[]): Record<string, string[]>[] => [{ opsSession: [...roles] }];
