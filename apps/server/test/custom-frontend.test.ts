import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Issue 30: a deployment serving another frontend (WEB_DIST at its build) starts even when that build ships its own
 * robots.txt or sitemap.xml, and can widen the Content-Security-Policy for that frontend's CDN and scripts.
 */

const dist = mkdtempSync(path.join(tmpdir(), 'nirmaan-custom-web-'));
const lines: { level: number; msg: string }[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    done();
  },
});
const EXTRA = 'style-src https://cdn.jsdelivr.net https://fonts.googleapis.com; font-src https://fonts.gstatic.com; script-src https://accounts.google.com/gsi/client';
let t: TestApp;

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Other frontend</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(path.join(dist, 'sitemap.xml'), '<urlset/>');
  writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("other frontend")');
  t = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://shop.example.in', CSP_EXTRA_SOURCES: EXTRA }, { logStream });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('WEB_DIST holding robots.txt and sitemap.xml', () => {
  it('starts, serves our generated robots.txt and sitemap with a warning for each, and the build’s other files', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://shop.example.in/sitemap.xml');
    expect(robots.body).not.toContain('Disallow: /\n');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<sitemapindex');
    const warnings = lines.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toEqual(expect.arrayContaining([
      `${path.join(dist, 'robots.txt')} is not served: the server answers /robots.txt itself`,
      `${path.join(dist, 'sitemap.xml')} is not served: the server answers /sitemap.xml itself`,
    ]));
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log("other frontend")');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).body).toBe('icon');
    const page = await t.app.inject({ method: 'GET', url: '/Cart', headers: { accept: 'text/html' } });
    expect(page.body).toContain('Other frontend');
  });
});

const directives = (header: unknown) => Object.fromEntries(String(header).split(';').map((d) => {
  const [name, ...sources] = d.trim().split(/\s+/);
  return [name!, sources];
}));

describe('CSP_EXTRA_SOURCES', () => {
  it('adds its sources to the directives it names and leaves the others as they are', async () => {
    const d = directives((await t.app.inject({ method: 'GET', url: '/api/ping' })).headers['content-security-policy']);
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.jsdelivr.net', 'https://fonts.googleapis.com']);
    expect(d['font-src']).toEqual(["'self'", 'data:', 'https://fonts.gstatic.com']);
    expect(d['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
  });

  it('starts a directive that had none from self (frame-src)', () => {
    const config = loadConfig({ CSP_EXTRA_SOURCES: 'frame-src https://www.youtube-nocookie.com' });
    expect(config.CSP_EXTRA_SOURCES).toEqual({ 'frame-src': ['https://www.youtube-nocookie.com'] });
  });

  it('refuses to start on a keyword, a scheme, a wildcard, plain http or a directive it may not widen, naming each', () => {
    const refused = (value: string) => {
      try {
        loadConfig({ CSP_EXTRA_SOURCES: value });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error(`${value} was accepted`);
    };
    expect(refused("script-src 'unsafe-eval'")).toContain(`CSP_EXTRA_SOURCES: "'unsafe-eval'" in script-src is not an https:// source like https://cdn.example.com`);
    for (const source of ['https:', '*', 'http://cdn.example.com', 'data:', 'https://cdn.example.com?x=1', 'cdn.example.com']) {
      expect(refused(`style-src ${source}`)).toContain(`"${source}" in style-src is not an https:// source`);
    }
    expect(refused('default-src https://cdn.example.com')).toContain('"default-src" cannot be widened; name one of script-src, style-src');
    expect(refused('frame-ancestors https://evil.example')).toContain('"frame-ancestors" cannot be widened');
    expect(refused('style-src')).toContain('style-src names no source');
    expect(loadConfig({ CSP_EXTRA_SOURCES: 'img-src https://*.cloudfront.net https://cdn.example.com:8443/icons/' }).CSP_EXTRA_SOURCES)
      .toEqual({ 'img-src': ['https://*.cloudfront.net', 'https://cdn.example.com:8443/icons/'] });
  });
});
