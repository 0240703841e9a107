import path from 'node:path';
import { SERVER_ROOT } from '../paths.ts';
import { z } from 'zod';
import { gstinError } from '@nirmaan/shared/payouts';
import { parseCspExtraSources } from './csp-sources.ts';

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
  /** Where private files (KYC documents, dispute photos) are stored without S3; default DATA_DIR/private-files. */
  PRIVATE_FILES_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * An S3-compatible object store for uploads and private files (decision record 021), so several server
   * processes share them; unset keeps both in the folders above. Path-style addressing: S3_URL/S3_BUCKET/key.
   */
  S3_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional()),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)').optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\S+$/, 'must have no spaces').optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name like us-east-1').default('us-east-1'),
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
  /**
   * Sources a deployment serving another frontend adds to the Content-Security-Policy, per directive, written like the
   * header: `style-src https://cdn.example.com; script-src https://accounts.google.com/gsi/client` (config/csp-sources.ts).
   */
  CSP_EXTRA_SOURCES: z.preprocess(emptyToUndefined, z.string().optional()).transform((v, ctx) => {
    if (v === undefined) return {};
    const parsed = parseCspExtraSources(v);
    if (parsed.ok) return parsed.sources;
    for (const problem of parsed.problems) ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
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
  /**
   * WhatsApp Cloud API (issue 36, decision record 038): the four below set all together, or none. None: outside
   * production the development stand-in answers in process (/dev/whatsapp); in production, updates go by email only.
   */
  WHATSAPP_ACCESS_TOKEN: z.preprocess(emptyToUndefined, z.string().regex(/^\S{16,}$/, 'must be the access token (at least 16 characters, no spaces)').optional()),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d{5,20}$/, 'must be the phone number id (digits)').optional()),
  WHATSAPP_APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  WHATSAPP_VERIFY_TOKEN: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/, 'must be a Graph API version like v21.0').default('v21.0'),
  /** The largest refund (integer paise) a support operator may give in one go; admins are not limited. Default ₹10,000. */
  SUPPORT_REFUND_LIMIT_PAISE: z.coerce.number().int().min(0).max(1e12).default(1_000_000),
  /** Rescheduling (decision record 041): free until this many hours before the start, then this fee (paise); a proposal lapses after this many hours. */
  RESCHEDULE_FREE_HOURS: z.coerce.number().int().min(0).max(168).default(3),
  RESCHEDULE_FEE_PAISE: z.coerce.number().int().min(100).max(10_000_000).default(10_000),
  PROPOSAL_LAPSE_HOURS: z.coerce.number().min(0.01).max(720).default(24),
  /** Days after delivery (or completion) a vendor's transfer hold is released by itself (decision record 019). */
  TRANSFER_HOLD_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /**
   * The platform as a supplier on its own invoices (delivery fees, service charges; decision record 022): its GST
   * registration. Its state is its GSTIN's first two digits. Unset, the demo registration in Telangana below.
   */
  PLATFORM_TRADE_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2, 'must be at least 2 characters').max(60, 'must be at most 60 characters').optional()),
  PLATFORM_LEGAL_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2, 'must be at least 2 characters').max(120, 'must be at most 120 characters').optional()),
  PLATFORM_GSTIN: z.preprocess(emptyToUndefined, z.string().trim().toUpperCase().superRefine((v, ctx) => {
    const problem = gstinError(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).optional()),
  PLATFORM_ADDRESS: z.preprocess(emptyToUndefined, z.string().trim().min(10, 'must be the full registered address').max(300, 'must be at most 300 characters').optional()),
});

/** The demo registration development and tests invoice under when the PLATFORM_* variables are not set. */
const DEMO_PLATFORM = {
  PLATFORM_TRADE_NAME: 'Nirmaan', PLATFORM_LEGAL_NAME: 'Nirmaan Marketplace Private Limited', PLATFORM_GSTIN: '36AAHCN5678K1ZS',
  PLATFORM_ADDRESS: 'Plot 12, HITEC City, Hyderabad, Telangana 500081',
} as const;

/** The platform's own registration, as its invoices name it; `demo` when none is configured. */
export interface PlatformSupplierConfig { tradeName: string; legalName: string; gstin: string; address: string; demo: boolean }

/**
 * The configured registration, or the demo one (development, tests). Production starts with the demo too, so
 * existing deployments keep running, but warns at start (server.ts) until the PLATFORM_* variables are set.
 */
function platformSupplier(d: z.infer<typeof ZConfig>): PlatformSupplierConfig {
  const required = ['PLATFORM_LEGAL_NAME', 'PLATFORM_GSTIN', 'PLATFORM_ADDRESS'] as const;
  const missing = required.filter((k) => d[k] === undefined);
  if (missing.length > 0 && missing.length < required.length) {
    // Half a registration would print the demo's name or address beside a real GSTIN.
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: not set; ${required.join(', ')} are set all three or none`);
  }
  return {
    tradeName: d.PLATFORM_TRADE_NAME ?? DEMO_PLATFORM.PLATFORM_TRADE_NAME, legalName: d.PLATFORM_LEGAL_NAME ?? DEMO_PLATFORM.PLATFORM_LEGAL_NAME,
    gstin: d.PLATFORM_GSTIN ?? DEMO_PLATFORM.PLATFORM_GSTIN, address: d.PLATFORM_ADDRESS ?? DEMO_PLATFORM.PLATFORM_ADDRESS,
    demo: d.PLATFORM_GSTIN === undefined,
  };
}

/** Where files live: S3 when configured, else two local folders (public uploads, private files). */
export type StorageConfig =
  | { kind: 'folder'; uploadsDir: string; privateDir: string }
  | { kind: 's3'; endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

/** The WhatsApp Cloud API account, when configured (all four WHATSAPP_* set). */
export interface WhatsAppConfig { apiUrl: string; apiVersion: string; phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string }

export type Config = Omit<z.infer<typeof ZConfig>, 'SEED_ON_START'> & {
  SEED_ON_START: boolean; webDist: string; uploadsDir: string; storage: StorageConfig; platformSupplier: PlatformSupplierConfig;
  whatsapp: WhatsAppConfig | null;
};

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
  const privateDir = path.resolve(parsed.data.PRIVATE_FILES_DIR ?? path.join(parsed.data.DATA_DIR, 'private-files'));
  const storage = storageConfig(d, { uploadsDir, privateDir });
  return { ...parsed.data, SEED_ON_START: seedOnStart, webDist, uploadsDir, storage, platformSupplier: platformSupplier(d), whatsapp: whatsappConfig(d) };
}

function storageConfig(d: z.infer<typeof ZConfig>, folders: { uploadsDir: string; privateDir: string }): StorageConfig {
  const s3 = { S3_URL: d.S3_URL, S3_BUCKET: d.S3_BUCKET, S3_ACCESS_KEY_ID: d.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: d.S3_SECRET_ACCESS_KEY };
  const missing = Object.entries(s3).filter(([, v]) => v === undefined).map(([k]) => k);
  if (missing.length === 4) return { kind: 'folder', ...folders };
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: not set; S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set all four or none`);
  }
  return {
    kind: 's3', endpoint: d.S3_URL!.replace(/\/+$/, ''), bucket: d.S3_BUCKET!, accessKeyId: d.S3_ACCESS_KEY_ID!,
    secretAccessKey: d.S3_SECRET_ACCESS_KEY!, region: d.S3_REGION,
  };
}

function whatsappConfig(d: z.infer<typeof ZConfig>): WhatsAppConfig | null {
  const set = {
    WHATSAPP_ACCESS_TOKEN: d.WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID: d.WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: d.WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: d.WHATSAPP_VERIFY_TOKEN,
  };
  const missing = Object.entries(set).filter(([, v]) => v === undefined).map(([k]) => k);
  if (missing.length === 4) return null;
  if (missing.length > 0) {
    // Half an account would send messages whose replies we could not verify, or verify a webhook we cannot answer.
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: not set; ${Object.keys(set).join(', ')} are set all four or none`);
  }
  return {
    apiUrl: d.WHATSAPP_API_URL.replace(/\/+$/, ''), apiVersion: d.WHATSAPP_API_VERSION, phoneNumberId: d.WHATSAPP_PHONE_NUMBER_ID!,
    accessToken: d.WHATSAPP_ACCESS_TOKEN!, appSecret: d.WHATSAPP_APP_SECRET!, verifyToken: d.WHATSAPP_VERIFY_TOKEN!,
  };
}
