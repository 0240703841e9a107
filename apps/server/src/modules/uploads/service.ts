import { createHash } from 'node:crypto';
import { UPLOAD_MSG, UPLOAD_URL_PATTERN } from '@nirmaan/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { LimitRule, RateLimiter } from '../../lib/rate-limit.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import { toWebp } from './images.ts';
import * as repo from './repository.ts';

const UPLOADS_PER_HOUR: LimitRule = { limit: 60, minutes: 60, message: UPLOAD_MSG.limited };

export const uploadUrl = (hash: string) => `/uploads/${hash}.webp`;
const hashOfUrl = (url: string) => (UPLOAD_MATCH.exec(url)?.[1] ?? null);
const UPLOAD_MATCH = /^\/uploads\/([0-9a-f]{64})\.webp$/;

/**
 * Stores a vendor's image: checked from its bytes, re-encoded to WebP and written under its content hash.
 * A refused file is never written; a written one appears whole (the store's put is all or nothing), and one
 * already stored (the same picture again, from any process) is not written twice.
 */
export async function storeUpload(opts: { db: Db; limiter: RateLimiter; store: ObjectStore; vendorId: string; body: unknown }) {
  const { db, limiter, store, vendorId, body } = opts;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('BAD_REQUEST', UPLOAD_MSG.noFile);
  await limiter.take(`uploads:${vendorId}`, UPLOADS_PER_HOUR);
  const webp = await toWebp(body);
  const hash = createHash('sha256').update(webp).digest('hex');
  const key = `${hash}.webp`;
  if (!(await store.has(key))) await store.put(key, webp, 'image/webp');
  await repo.recordUpload(db, vendorId, hash);
  return { url: uploadUrl(hash) };
}

/** An uploaded image's bytes, or null. `file` is `<sha256>.webp` (the route's params check it). */
export const readUpload = (store: ObjectStore, file: string) => store.get(file);

/** True when every url is one this vendor's uploads returned. */
export async function ownsUploads(db: Db, vendorId: string, urls: string[]): Promise<boolean> {
  const hashes = urls.map((u) => (UPLOAD_URL_PATTERN.test(u) ? hashOfUrl(u) : null));
  if (hashes.some((h) => h === null)) return false;
  const owned = await repo.uploadedBy(db, vendorId, [...new Set(hashes as string[])]);
  return hashes.every((h) => owned.has(h!));
}
