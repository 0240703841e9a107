import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema/base.ts';
import { AppError } from './errors.ts';

/** A slot taken in a limit; give it back when the event turns out not to count (a correct password). */
export interface Slot { bucket: string; id: string }

export interface LimitRule {
  limit: number;
  /** The window; a fraction for windows shorter than a minute (chat: 10 s). */
  minutes: number;
  /** The 429 message; gets the wait ("3 minutes"). */
  message: (wait: string) => string;
}

/**
 * Sliding-window limits shared by every server process: at most `limit` events of a bucket within
 * `minutes`. Taking a slot is one atomic step (a transaction-scoped advisory lock on the bucket in the
 * database, or one Lua script in Redis), so racing requests can never exceed a limit.
 */
export interface RateLimiter {
  take(bucket: string, rule: LimitRule): Promise<Slot>;
  release(slots: Slot | Slot[]): Promise<void>;
  /** Forgets a bucket's events (a successful OTP login clears the account's failed logins). */
  clear(bucket: string): Promise<void>;
}

const waitText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return { minutes, text: `${minutes} minute${minutes === 1 ? '' : 's'}` };
};

function refusal(rule: LimitRule, oldestMs: number) {
  const waitMs = oldestMs + rule.minutes * 60_000 - Date.now();
  // Seconds, so a 10-second window does not say "come back in a minute".
  return new AppError('RATE_LIMITED', rule.message(waitText(waitMs).text), { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}

export class DbRateLimiter implements RateLimiter {
  constructor(private readonly db: Db) {}

  async take(bucket: string, rule: LimitRule): Promise<Slot> {
    // One statement (migration 0008's rate_limit_take): advisory lock on the bucket, count, insert under the limit.
    const result = await this.db.execute(sql`select * from rate_limit_take(${bucket}, ${rule.limit}, ${rule.minutes * 60})`);
    const row = (result as unknown as { rows: { id: string | null; oldest: Date | string | null }[] }).rows[0];
    if (!row?.id) throw refusal(rule, row?.oldest ? new Date(row.oldest).getTime() : Date.now());
    return { bucket, id: row.id };
  }

  async release(slots: Slot | Slot[]) {
    const ids = [slots].flat().map((s) => s.id);
    if (ids.length > 0) await this.db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
  }

  async clear(bucket: string) {
    await this.db.delete(rateLimitEvents).where(eq(rateLimitEvents.bucket, bucket));
  }
}

/** Trims the window, counts, and adds the event only when under the limit: one script, so one atomic step. */
const TAKE_SCRIPT = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return oldest[2]
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return false`;

const TAKE_SHA = createHash('sha1').update(TAKE_SCRIPT).digest('hex');

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(bucket: string) {
    return `${this.prefix}rl:${bucket}`;
  }

  async take(bucket: string, rule: LimitRule): Promise<Slot> {
    const id = randomUUID();
    const args = [1, this.key(bucket), Date.now(), rule.minutes * 60_000, rule.limit, id] as const;
    // By its hash: chat takes a slot per message, and sending the script's text every time costs.
    const oldest = await this.redis.evalsha(TAKE_SHA, ...args).catch((err: unknown) => {
      if (err instanceof Error && err.message.startsWith('NOSCRIPT')) return this.redis.eval(TAKE_SCRIPT, ...args);
      throw err;
    }) as string | null;
    if (oldest !== null) throw refusal(rule, Number(oldest));
    return { bucket, id };
  }

  async release(slots: Slot | Slot[]) {
    for (const slot of [slots].flat()) await this.redis.zrem(this.key(slot.bucket), slot.id);
  }

  async clear(bucket: string) {
    await this.redis.del(this.key(bucket));
  }
}

/** Takes a slot in each bucket, or none: a refusal gives back the slots already taken. */
export async function takeAll(limiter: RateLimiter, wanted: [bucket: string, rule: LimitRule][]): Promise<Slot[]> {
  const slots: Slot[] = [];
  try {
    for (const [bucket, rule] of wanted) slots.push(await limiter.take(bucket, rule));
    return slots;
  } catch (err) {
    await limiter.release(slots);
    throw err;
  }
}
