import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '@nirmaan/shared';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, loginVendor, loginWithPassword } from './support/auth.ts';

let t: TestApp;
let dir: string;
let asVendor: Record<string, string>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nirmaan-uploads-'));
  t = await createTestApp({ UPLOADS_DIR: dir });
  const seller = await createVendorWithPassword(t.db, { kind: 'seller' });
  asVendor = cookieHeader((await loginVendor(t.app, seller.email)).token);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const f of await readdir(dir)) await rm(path.join(dir, f));
});

const upload = (body: Buffer, headers: Record<string, string> = asVendor, contentType = 'image/jpeg') =>
  t.app.inject({ method: 'POST', url: '/api/vendor/uploads', headers: { ...headers, 'content-type': contentType }, payload: body });

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();

describe('POST /api/vendor/uploads', () => {
  it('re-encodes a real JPEG to WebP at most 1600 px, served back with a year of caching and nosniff', async () => {
    const res = await upload(await jpeg(2400, 1200));
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(await readdir(dir)).toEqual([url.slice('/uploads/'.length)]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const bytes = served.rawPayload;
    expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
    expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
  });

  it('accepts PNG sent as application/octet-stream and names the file by its content (same image, same url)', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#336699' } }).png().toBuffer();
    const first = await upload(png, asVendor, 'application/octet-stream');
    const again = await upload(png, asVendor, 'image/png');
    expect(first.statusCode).toBe(201);
    expect(again.json().url).toBe(first.json().url);
    expect(await readdir(dir)).toHaveLength(1);
  });

  const refusals: [string, () => Promise<Buffer>, number, string][] = [
    ['a text file', async () => Buffer.from('just some notes, not a picture\n'), 415, UPLOAD_MSG.notImage],
    ['an ELF executable named .jpg and sent as image/jpeg', async () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(2000, 1)]), 415, UPLOAD_MSG.notImage],
    ['a Windows MZ executable sent as image/jpeg', async () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 0x90)]), 415, UPLOAD_MSG.notImage],
    ['a JPEG header followed by garbage', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 7)]), 400, UPLOAD_MSG.unreadable],
    ['a PNG renamed and sent as a JPEG whose header lies about its type', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer()]), 400, UPLOAD_MSG.unreadable],
    ['a file over 5 MB', async () => Buffer.concat([await jpeg(10, 10), Buffer.alloc(5 * 1024 * 1024, 0)]), 413, UPLOAD_MSG.tooLarge],
    ['a small PNG that decodes to 100 megapixels (a decompression bomb)', () => sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer(), 413, UPLOAD_MSG.tooManyPixels],
    ['an empty body', async () => Buffer.alloc(0), 400, UPLOAD_MSG.noFile],
  ];
  for (const [what, make, status, message] of refusals) {
    it(`refuses ${what} with ${status} and stores nothing`, async () => {
      const body = await make();
      const res = await upload(body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await readdir(dir)).toEqual([]);
    }, 30_000);
  }

  it('refuses JSON and multipart bodies (the file itself is the body) and stores nothing', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/vendor/uploads', headers: asVendor, payload: { url: 'https://evil.example/x.jpg' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_MSG.noFile);
    const boundary = 'xyz';
    const multipart = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), await jpeg(10, 10), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    expect((await upload(multipart, asVendor, `multipart/form-data; boundary=${boundary}`)).statusCode).toBe(415);
    expect(await readdir(dir)).toEqual([]);
  });

  it('is for vendors only: visitors get 401, customers 403, and nothing is stored', async () => {
    const customer = await createCustomerWithPassword(t.db);
    const asCustomer = cookieHeader((await loginWithPassword(t.app, customer.email)).token);
    const image = await jpeg(20, 20);
    expect((await upload(image, {})).statusCode).toBe(401);
    expect((await upload(image, asCustomer)).statusCode).toBe(403);
    expect(await readdir(dir)).toEqual([]);
  });

  it('lets a vendor upload 60 images an hour (40 racing: all counted), then refuses with a wait', async () => {
    const busy = await createVendorWithPassword(t.db, { kind: 'seller' });
    const asBusy = cookieHeader((await loginVendor(t.app, busy.email)).token);
    const images = await Promise.all(Array.from({ length: 61 }, (_, i) => jpeg(8 + i, 8)));
    const first = await Promise.all(images.slice(0, 40).map((img) => upload(img, asBusy)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const rest = await Promise.all(images.slice(40).map((img) => upload(img, asBusy)));
    expect(rest.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = rest.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toMatch(/^You have uploaded many images in the last hour\. Please try again in \d+ minutes?\.$/);
  }, 60_000);

  it('keeps the 256 KB limit on every other call', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/sendotp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ Email: 'x'.repeat(300 * 1024) }) });
    expect(res.statusCode).toBe(413);
  });

  it('answers 404 for an image that does not exist and for names that are not ours', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(64)}.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fpackage.json' })).statusCode).toBe(400);
  });
});
