import path from 'node:path';
import { SERVER_ROOT } from '../paths.ts';
import { z } from 'zod';

/**
 * The one place that reads the environment. Validated at start-up: a bad value stops the server
 * with a message naming the variable.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  /** Where vendors' uploaded images are stored; default DATA_DIR/uploads. */
  UPLOADS_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/, message: 'must be a redis:// URL' }).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().default('Nirmaan <no-reply@nirmaan.in>'),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: true, except in production, where the demo accounts' published password would be a way in.
  SEED_ON_START: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * Which proxies may name the client's address in X-Forwarded-For: unset trusts none (the socket's address
   * is the client's); a number trusts that many hops; otherwise a comma-separated list of addresses or CIDRs.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform((v, ctx) => {
    if (v === undefined || v === 'false') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length === 0 || list.some((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a))) {
      ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of proxy addresses (CIDR allowed)' });
      return z.NEVER;
    }
    return list;
  }),
  /** Other origins (https://app.example.in) whose pages may call the API with the session cookie. */
  CORS_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()).transform((v, ctx) => {
    const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    for (const o of list) {
      if (!/^https?:\/\/[^/\s]+$/.test(o)) {
        ctx.addIssue({ code: 'custom', message: `"${o}" is not an origin like https://app.example.in` });
        return z.NEVER;
      }
    }
    return list;
  }),
  /** A Nominatim-compatible reverse geocoder for Locate Me (GET /api/geocode/reverse). */
  GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org'),
  /** Bearer token that opens GET /metrics (Prometheus); unset keeps it closed (404). */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().default('nirmaan:'),
  /** Razorpay: unset keys turn online and UPI payment off in production (cash on delivery and cash still work). */
  RAZORPAY_KEY_ID: z.preprocess(emptyToUndefined, z.string().regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…').optional()),
  RAZORPAY_KEY_SECRET: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
});

export type Config = Omit<z.infer<typeof ZConfig>, 'SEED_ON_START'> & { SEED_ON_START: boolean; webDist: string; uploadsDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const d = parsed.data;
  const razorpaySet = [d.RAZORPAY_KEY_ID, d.RAZORPAY_KEY_SECRET, d.RAZORPAY_WEBHOOK_SECRET].filter((v) => v !== undefined).length;
  if (razorpaySet !== 0 && razorpaySet !== 3) {
    throw new ConfigError('Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET: set all three or none');
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(SERVER_ROOT, '../web/dist');
  const seedOnStart = parsed.data.SEED_ON_START === undefined ? parsed.data.NODE_ENV !== 'production' : parsed.data.SEED_ON_START === 'true';
  const uploadsDir = path.resolve(parsed.data.UPLOADS_DIR ?? path.join(parsed.data.DATA_DIR, 'uploads'));
  return { ...parsed.data, SEED_ON_START: seedOnStart, webDist, uploadsDir };
}
