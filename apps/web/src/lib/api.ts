import type { z } from 'zod';
import type { ErrorBody } from '@nirmaan/shared/errors';

/** An API failure with the message the server wrote for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly issues: ErrorBody['issues'] = undefined,
    /** The body field a refusal names, when it names one. */
    readonly field: string | undefined = undefined,
  ) {
    super(message);
  }
}

const FALLBACK_MESSAGE = 'Server error. Try again later.';

let onUnauthorized: (() => void) | undefined;
/** Called after any 401: the session module checks whether the server still knows the session. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * A response schema loaded with the call that needs it (`() => import(...)`): the server-rendered public pages
 * need no call to show their first screen, so zod and the schemas stay out of their first scripts.
 */
export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

/**
 * Calls the API (same origin; the session cookie goes along) and returns the parsed JSON.
 * Throws ApiError with the server's message on a non-2xx answer.
 */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}, schema?: z.ZodType<T> | SchemaLoader<T>): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiError(0, FALLBACK_MESSAGE, 'NETWORK');
  }
  const body: unknown = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (!res.ok) {
    if (res.status === 401) onUnauthorized?.();
    const err = body as (Partial<ErrorBody> & { field?: unknown }) | undefined;
    const field = typeof err?.field === 'string' ? err.field : undefined;
    throw new ApiError(res.status, err?.message ?? FALLBACK_MESSAGE, err?.code ?? 'UNKNOWN', Array.isArray(err?.issues) ? err.issues : undefined, field);
  }
  if (!schema) return body as T;
  return (typeof schema === 'function' ? await schema() : schema).parse(body);
}

/**
 * The spec's login calls (/fetch/userprofile, /verifyotp, /login-with-otp) answer a refusal the user must read with
 * 200, its message and its code (docs/decisions/013). Such a body is thrown as the ApiError a 4xx refusal gives,
 * so screens show its message the same way; a body without `code` is returned as it is.
 */
export function rejectRefusal<T extends { message: string }>(body: T): Exclude<T, { code: string }> {
  const code = (body as { code?: unknown }).code;
  if (typeof code === 'string') throw new ApiError(200, body.message, code);
  return body as Exclude<T, { code: string }>;
}

/**
 * The text to show for a failed call: the server's own message for a refusal it explained (4xx),
 * The spec's network text when the server was not reached or failed, and the screen's default otherwise.
 */
export function failureText(err: unknown, fallback: string, networkText = 'Server error. Try again later.') {
  if (err instanceof ApiError) {
    if (err.code === 'NETWORK' || err.status >= 500) return networkText;
    if (err.code !== 'UNKNOWN') return err.message;
  }
  return fallback;
}
