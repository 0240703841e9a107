import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';

let t: TestApp;
let webDist: string;
const STYLES = Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px}`).join('\n');
const STYLES_BR = brotliCompressSync(STYLES);
const STYLES_GZ = gzipSync(STYLES, { level: 9 });

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'nirmaan-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Nirmaan SPA</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // A stylesheet as the build leaves it: with its brotli and gzip copies beside it (apps/web/vite.config.ts).
  writeFileSync(path.join(webDist, 'assets', 'index-def456.css'), STYLES);
  writeFileSync(path.join(webDist, 'assets', 'index-def456.css.br'), STYLES_BR);
  writeFileSync(path.join(webDist, 'assets', 'index-def456.css.gz'), STYLES_GZ);
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('health and docs', () => {
  it('GET /healthz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/ping answers without I/O', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.json()).toEqual({ pong: true });
  });

  it('documents every read call of the spec in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/fetch', '/product/{id}', '/related-products/{category}', '/fetch/review/{id}', '/fetch/services',
      '/profesionaldetails/{id}', '/api/projects/{id}', '/fetch/review/service/{id}', '/api/viewstore', '/api/vendor/{id}/price', '/api/vendor/{id}']) {
      expect(paths).toContain(p);
    }
  });
});

describe('hardening', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an unknown API call with a JSON 404, never HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/viewstore', headers: { 'content-type': 'application/json' }, payload: '{"id":' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('serving the web app', () => {
  it('gives index.html to a page load of any SPA route (history fallback)', async () => {
    for (const url of ['/', '/service/details/5c1b3c1e-0000-4000-8000-000000000000', '/Category', '/Cart/order', '/viewstore']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Nirmaan SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves /product/{id} as the page to a browser and as JSON to the API client', async () => {
    const p = await createProduct(t.db, { name: 'Ambuja Plus Cement' });
    // A JSON read first, so the response cache holds the call: a page load must still get the page.
    expect((await t.app.inject({ method: 'GET', url: `/product/${p.id}`, headers: { accept: 'application/json' } })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/product/${p.id}`, headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(page.body).toContain('Nirmaan SPA');
    const json = await t.app.inject({ method: 'GET', url: `/product/${p.id}`, headers: { accept: 'application/json' } });
    expect(json.json().ProductName).toBe('Ambuja Plus Cement');
  });

  it('serves hashed assets with immutable caching and compression', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the build\'s own compressed copy of an asset in the encoding the browser reads, and says it varies with it', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/index-def456.css', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/css/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(STYLES);
    // The build's file itself (brotli 11), not one compressed again for this request (the plugin's brotli 4).
    expect(br.rawPayload.equals(STYLES_BR)).toBe(true);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(STYLES_GZ)).toBe(true);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(STYLES);
  });
});

describe('configuration', () => {
  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it('takes the platform’s GST registration from the environment, checked, all three or none; else the demo one', () => {
    const real = { PLATFORM_LEGAL_NAME: 'Nirmaan Bazaar Private Limited', PLATFORM_GSTIN: '29aagcb7383j1z4', PLATFORM_ADDRESS: '14 Residency Road, Bengaluru 560025' };
    expect(loadConfig(real).platformSupplier).toEqual({
      tradeName: 'Nirmaan', legalName: 'Nirmaan Bazaar Private Limited', gstin: '29AAGCB7383J1Z4', address: '14 Residency Road, Bengaluru 560025', demo: false,
    });
    expect(loadConfig({}).platformSupplier).toMatchObject({ gstin: '36AAHCN5678K1ZS', legalName: 'Nirmaan Marketplace Private Limited', demo: true });
    expect(() => loadConfig({ ...real, PLATFORM_GSTIN: '29AAGCB7383J1Z5' })).toThrow(/PLATFORM_GSTIN: .*check character/);
    expect(() => loadConfig({ PLATFORM_GSTIN: real.PLATFORM_GSTIN })).toThrow(/PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS: not set/);
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
  });
});

describe('catalogue response cache', () => {
  it('serves a repeated public read from the cache with an ETag, and 304 when the client has it', async () => {
    await createProduct(t.db, { category: 'Wallpaper', name: 'Vinyl Damask Wallpaper' });
    const first = await t.app.inject({ method: 'GET', url: '/fetch?category=Wallpaper' });
    expect(first.headers['x-cache']).toBe('miss');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await t.app.inject({ method: 'GET', url: '/fetch?category=Wallpaper' });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(first.json());
    const revalidated = await t.app.inject({ method: 'GET', url: '/fetch?category=Wallpaper', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('shows new catalogue data once the cache is cleared by a write', async () => {
    await createProduct(t.db, { category: 'Curtains', name: 'Blackout Curtain' });
    expect((await t.app.inject({ method: 'GET', url: '/fetch?category=Curtains' })).json()).toHaveLength(1);
    await createProduct(t.db, { category: 'Curtains', name: 'Sheer Curtain' });
    t.app.responseCache.clear();
    expect((await t.app.inject({ method: 'GET', url: '/fetch?category=Curtains' })).json()).toHaveLength(2);
  });

  it('never caches errors', async () => {
    const url = '/product/00000000-0000-4000-8000-00000000abcd';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBeUndefined();
  });
});
