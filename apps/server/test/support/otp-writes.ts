import http from 'node:http';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { emailOutbox, otpCodes } from '../../src/db/schema/index.ts';

/**
 * A write the server acknowledges with 200 after one transaction stores it: POST /sendotp with a unique
 * email stores an otp_codes row and an email_outbox row. Codes are limited per email and per client
 * address (per hour), so each request comes from its own loopback source address (127.0.0.0/8 is all
 * loopback on Linux): a real client address, no proxy header, no limit turned off.
 */

let addressCounter = 0;

/** 127.1.0.1, 127.1.0.2, … (never .0 or .255 in the last place). */
export function nextLoopbackAddress(): string {
  const n = addressCounter++;
  const c = (n % 254) + 1;
  const b = Math.floor(n / 254) % 256;
  const a = 1 + (Math.floor(n / (254 * 256)) % 254);
  return `127.${a}.${b}.${c}`;
}

export interface WriteOutcome {
  email: string;
  /** When the whole request had been handed to the kernel (performance.now()); undefined if it never was. */
  sentAt: number | undefined;
  endedAt: number;
  /** HTTP status of a complete response. */
  status?: number;
  /** Connection-level failure (refused, reset, hang-up, timeout) instead of a complete response. */
  error?: string;
}

/** One POST /sendotp on a connection of its own, from its own loopback address. Never rejects. */
export function sendOtpWrite(baseUrl: string, email: string, timeoutMs = 30_000): Promise<WriteOutcome> {
  const url = new URL('/sendotp', baseUrl);
  const body = JSON.stringify({ Email: email });
  return new Promise((resolve) => {
    let sentAt: number | undefined;
    let settled = false;
    const finish = (o: Omit<WriteOutcome, 'email' | 'sentAt' | 'endedAt'>) => {
      if (settled) return;
      settled = true;
      resolve({ email, sentAt, endedAt: performance.now(), ...o });
    };
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      localAddress: nextLoopbackAddress(),
      timeout: timeoutMs,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: url.origin },
    }, (res) => {
      res.resume();
      res.on('end', () => finish({ status: res.statusCode! }));
      res.on('error', (err) => finish({ error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message} (after status ${res.statusCode})` }));
      res.on('aborted', () => finish({ error: `response aborted after status ${res.statusCode}` }));
    });
    req.on('finish', () => {
      sentAt = performance.now();
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => finish({ error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.trim() }));
    req.end(body);
  });
}

/** Of `emails`, those with a stored code and those with a queued mail. */
export async function storedWrites(db: Db, emails: string[]) {
  const withCode = new Set<string>();
  const withMail = new Set<string>();
  for (let i = 0; i < emails.length; i += 1_000) {
    const chunk = emails.slice(i, i + 1_000);
    for (const r of await db.select({ email: otpCodes.email }).from(otpCodes).where(inArray(otpCodes.email, chunk))) withCode.add(r.email);
    for (const r of await db.select({ to: emailOutbox.to }).from(emailOutbox).where(inArray(emailOutbox.to, chunk))) withMail.add(r.to);
  }
  return { withCode, withMail };
}

/** Rows in otp_codes whose email ends with `suffix` (to find writes the client never heard back about). */
export async function storedEmailsLike(db: Db, suffix: string) {
  const rows = await db.select({ email: otpCodes.email }).from(otpCodes).where(sql`${otpCodes.email} like ${`%${suffix}`}`);
  return new Set(rows.map((r) => r.email));
}
