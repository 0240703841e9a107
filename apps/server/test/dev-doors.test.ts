import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, loginWithPassword } from './support/auth.ts';

/**
 * Issue item 11: with NODE_ENV left unset (development), the mailbox of every mailed code and the test gateway's
 * Pay must not be served to the internet: only to this machine, and only without a real transport.
 */

const REMOTE = '203.0.113.5';
const NO_SUCH_ADDRESS = { code: 'NOT_FOUND', message: expect.stringMatching(/^No such address/) };
const RAZORPAY_KEYS = { RAZORPAY_KEY_ID: 'rzp_test_doorsCheck1', RAZORPAY_KEY_SECRET: 'doors-secret-1', RAZORPAY_WEBHOOK_SECRET: 'doors-webhook-1' };
const WHATSAPP_KEYS = { WHATSAPP_ACCESS_TOKEN: 'doors-access-token-0001', WHATSAPP_PHONE_NUMBER_ID: '100000000000001', WHATSAPP_APP_SECRET: 'doors-app-secret-1', WHATSAPP_VERIFY_TOKEN: 'doors-verify-1', WHATSAPP_API_URL: 'http://127.0.0.1:2' };

function logCollector() {
  const lines: { level: number; msg: string; paths?: string[] }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, stream };
}

const apps: TestApp[] = [];
const app = async (env: Record<string, string>, logStream?: Writable) => {
  const made = await createTestApp(env, logStream ? { logStream } : {});
  apps.push(made);
  return made;
};
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe('the development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ NODE_ENV: 'development' });
  });
  const get = (url: string, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url, headers: opts.headers ?? {}, ...(opts.ip ? { remoteAddress: opts.ip } : {}) });

  it('is served to requests from this machine (IPv4 and IPv6 loopback)', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const json = await get('/dev/mailbox.json', { ip });
      expect(json.statusCode, ip).toBe(200);
      expect(Array.isArray(json.json())).toBe(true);
      const page = await get('/dev/mailbox', { ip });
      expect(page.statusCode, ip).toBe(200);
      expect(page.body).toContain('<h1>Dev mailbox</h1>');
    }
  });

  it('is refused (404, as if it did not exist) to any other address', async () => {
    for (const ip of [REMOTE, '10.0.0.7', '::ffff:10.0.0.7', '2001:db8::1']) {
      const json = await get('/dev/mailbox.json', { ip });
      expect(json.statusCode, ip).toBe(404);
      expect(json.json()).toEqual(NO_SUCH_ADDRESS);
      const page = await get('/dev/mailbox', { ip });
      expect(page.statusCode, ip).toBe(404);
      expect(page.body).not.toContain('Dev mailbox');
    }
  });

  it('is not opened by a forged X-Forwarded-For when no proxy is trusted', async () => {
    for (const forged of ['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1']) {
      const res = await get('/dev/mailbox.json', { ip: REMOTE, headers: { 'x-forwarded-for': forged } });
      expect(res.statusCode, forged).toBe(404);
    }
  });

  it('behind an untrusted reverse proxy on this machine, is refused to the remote clients it forwards', async () => {
    // TRUST_PROXY unset: request.ip is the proxy's loopback address, but the forwarded addresses say who asked.
    for (const headers of [{ 'x-forwarded-for': REMOTE }, { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` }, { 'x-real-ip': REMOTE }, { forwarded: `for=${REMOTE}` }] as Record<string, string>[]) {
      expect((await get('/dev/mailbox.json', { ip: '127.0.0.1', headers })).statusCode, JSON.stringify(headers)).toBe(404);
    }
    expect((await get('/dev/mailbox.json', { ip: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(200);
  });

  it('behind a trusted proxy on this machine, goes by the client the proxy names, not the proxy', async () => {
    const proxied = await app({ NODE_ENV: 'development', TRUST_PROXY: '1' });
    const via = (xff: string) => proxied.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': xff } });
    expect((await via(REMOTE)).statusCode).toBe(404);
    // The client wrote 127.0.0.1 itself; the proxy appended its real address.
    expect((await via(`127.0.0.1, ${REMOTE}`)).statusCode).toBe(404);
    expect((await via('127.0.0.1')).statusCode).toBe(200);
  });

  it('does not exist when real mail is configured (SMTP_URL), not even for this machine', async () => {
    const smtp = await app({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2' });
    for (const ip of ['127.0.0.1', REMOTE]) {
      expect((await smtp.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: ip })).statusCode, ip).toBe(404);
      expect((await smtp.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: ip })).statusCode, ip).toBe(404);
    }
  });
});

describe('the test payment gateway (development without Razorpay keys)', () => {
  it('serves its checkout.js and Pay to this machine only', async () => {
    const dev = await app({ NODE_ENV: 'development' });
    const c = await createCustomerWithPassword(dev.db);
    const { token } = await loginWithPassword(dev.app, c.email);
    const call = (method: 'GET' | 'POST', url: string, ip: string) => dev.app.inject({
      method, url, remoteAddress: ip, headers: cookieHeader(token), ...(method === 'POST' ? { payload: { order_id: 'order_doesNotExist' } } : {}),
    });

    expect((await call('GET', '/dev/razorpay/checkout.js', '127.0.0.1')).statusCode).toBe(200);
    // Loopback reaches the Pay handler itself, which knows no such order.
    const local = await call('POST', '/dev/razorpay/pay', '127.0.0.1');
    expect(local.statusCode).toBe(404);
    expect(local.json().message).toBe('No such test payment order.');

    const script = await call('GET', '/dev/razorpay/checkout.js', REMOTE);
    expect(script.statusCode).toBe(404);
    expect(script.body).not.toContain('window.Razorpay');
    const remote = await call('POST', '/dev/razorpay/pay', REMOTE);
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual(NO_SUCH_ADDRESS);
    const forged = await dev.app.inject({
      method: 'POST', url: '/dev/razorpay/pay', remoteAddress: REMOTE, payload: { order_id: 'order_doesNotExist' },
      headers: { ...cookieHeader(token), 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.json()).toEqual(NO_SUCH_ADDRESS);
  });

  it('does not exist with Razorpay keys, not even for this machine', async () => {
    const keyed = await app({ NODE_ENV: 'development', ...RAZORPAY_KEYS });
    expect((await keyed.app.inject({ method: 'GET', url: '/dev/razorpay/checkout.js', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await keyed.app.inject({ method: 'POST', url: '/dev/razorpay/pay', remoteAddress: '127.0.0.1', payload: { order_id: 'x' } })).json()).toEqual(NO_SUCH_ADDRESS);
  });
});

describe('the start-up log', () => {
  it('warns that each development door is on, and says nothing of the doors that are off', async () => {
    const dev = logCollector();
    await app({ NODE_ENV: 'development' }, dev.stream);
    const warnings = dev.lines.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toContain('development-only mailbox is on (no SMTP_URL); served only to requests from this machine (loopback)');
    expect(warnings).toContain('development-only test payment gateway is on (no Razorpay keys); served only to requests from this machine (loopback)');
    expect(warnings).toContain('development-only WhatsApp stand-in is on (no WHATSAPP_* settings); served only to requests from this machine (loopback)');

    const real = logCollector();
    await app({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2', ...RAZORPAY_KEYS, ...WHATSAPP_KEYS }, real.stream);
    expect(real.lines.filter((l) => /development-only/.test(l.msg))).toEqual([]);
  });
});
