import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

/** What the web app learns of the server's configuration, and the CSP that lets Google sign-in load. */

const CLIENT_ID = 'nirmaan-test.apps.googleusercontent.com';
let withGoogle: TestApp;
let withoutGoogle: TestApp;

beforeAll(async () => {
  withGoogle = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID });
  withoutGoogle = await createTestApp();
});
afterAll(async () => {
  await withGoogle.close();
  await withoutGoogle.close();
});

const csp = async (t: TestApp) => {
  const header = (await t.app.inject({ method: 'GET', url: '/api/ping' })).headers['content-security-policy'];
  return Object.fromEntries(String(header).split(';').map((d) => {
    const [name, ...sources] = d.trim().split(/\s+/);
    return [name!, sources];
  }));
};

describe('GET /api/config', () => {
  it('gives the Google client id, revalidated on every load', async () => {
    const res = await withGoogle.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: CLIENT_ID, onlinePayment: true, razorpayCheckoutUrl: null });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('gives null when Google sign-in is not configured', async () => {
    const res = await withoutGoogle.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ googleClientId: null, onlinePayment: true, razorpayCheckoutUrl: null });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('is documented in OpenAPI', async () => {
    const docs = (await withoutGoogle.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = docs.paths['/api/config'].get;
    expect(op.tags).toEqual(['accounts']);
    expect(op.responses['200'].content['application/json'].schema.properties).toHaveProperty('googleClientId');
  });
});

describe('Content-Security-Policy', () => {
  it('lets Google Identity Services load when Google sign-in is configured', async () => {
    const d = await csp(withGoogle);
    expect(d['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
    expect(d['connect-src']).toEqual(["'self'", 'ws:', 'wss:', 'https://accounts.google.com/gsi/']);
    expect(d['frame-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['default-src']).toEqual(["'self'"]);
  });

  it('names no Google origin when Google sign-in is not configured', async () => {
    const header = (await withoutGoogle.app.inject({ method: 'GET', url: '/api/ping' })).headers['content-security-policy'];
    expect(header).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;"
      + "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:",
    );
  });
});
