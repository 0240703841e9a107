import type { FastifyInstance } from 'fastify';
import { UNSAFE_TEXT_MESSAGE, isSafeText } from '@nirmaan/shared';
import { AppError } from '../lib/errors.ts';

/** The first string (key or value) in a parsed body, query or path that PostgreSQL could not store. */
function findUnsafe(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isSafeText(value);
  // Raw bodies (uploads) are bytes, not text: walking a 5 MB Buffer entry by entry would take seconds.
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (!isSafeText(k) || findUnsafe(v, depth + 1)) return true;
  return false;
}

/**
 * NUL bytes and lone surrogates are refused with 400 in every call, before any route's schema: PostgreSQL
 * cannot store them in text, and a new route is covered without remembering to be.
 */
export function registerInputSafety(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (findUnsafe(req.params) || findUnsafe(req.query) || findUnsafe(req.body)) {
      throw new AppError('BAD_REQUEST', UNSAFE_TEXT_MESSAGE);
    }
  });
}
