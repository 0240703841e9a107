import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE_MSG, ZPrivateFile, ZVendorDocuments } from '@nirmaan/shared';
import { ZOpsVendor, ZOpsVendorList } from '@nirmaan/shared/ops';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { createStorage } from '../src/lib/storage/index.ts';
import { signRequest } from '../src/lib/storage/sigv4.ts';
import * as files from '../src/modules/files/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import type { multipart} from './support/files.ts';
import { upload } from './support/files.ts';
import { loggedInCustomer, loggedInVendor, type VendorWho, type Who } from './support/http.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { startS3, S3_TEST_KEYS } from './support/s3.ts';
import { openTestDatabase } from './support/test-db.ts';

/** A small but real PDF (header, one page, the end marker): stored and served byte for byte. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const jpeg = (opts: { width?: number; height?: number; exif?: boolean } = {}) => {
  const img = sharp({ create: { width: opts.width ?? 64, height: opts.height ?? 48, channels: 3, background: { r: 30, g: 140, b: 90 } } }).jpeg();
  return (opts.exif ? img.withExif({ IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone 9' }, IFD3: { GPSLatitude: '17/1 23/1 0/1' } }) : img).toBuffer();
};

const loggedInSeller = (t: Pick<TestApp, 'app' | 'db'>) => loggedInVendor(t, { kind: 'seller' });

describe('private files on folder storage', () => {
  let t: TestApp;
  let uploadsDir: string;
  let privateDir: string;
  let alice: Who;
  let bob: Who;
  let seller: VendorWho;
  let operator: Record<string, string>;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'nirmaan-files-uploads-'));
    privateDir = await mkdtemp(path.join(tmpdir(), 'nirmaan-files-private-'));
    t = await createTestApp({ UPLOADS_DIR: uploadsDir, PRIVATE_FILES_DIR: privateDir });
    [alice, bob, seller] = await Promise.all([loggedInCustomer(t), loggedInCustomer(t), loggedInSeller(t)]);
    operator = opsCookie((await loginOperator(t.app, (await createOperator(t.db, 'support')).email)).token);
  });
  afterAll(async () => {
    await t.close();
    await rm(uploadsDir, { recursive: true, force: true });
    await rm(privateDir, { recursive: true, force: true });
  });

  it('lets a customer upload a PDF and read it back byte for byte, privately, as a download', async () => {
    const bytes = pdf('alice receipt');
    const res = await upload(t.app, alice.headers, bytes);
    expect(res.statusCode).toBe(201);
    const file = ZPrivateFile.parse(res.json());
    expect(file).toMatchObject({ contentType: 'application/pdf', size: bytes.length, url: `/api/files/${file.id}` });

    const read = await t.app.inject({ method: 'GET', url: file.url, headers: alice.headers });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(bytes)).toBe(true);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-disposition']).toBe(`attachment; filename="document-${file.id}.pdf"`);
    expect(read.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(await readdir(privateDir)).toEqual([file.id]);
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it('answers 404 to another customer and to a vendor, 401 to a visitor, and opens for any operator', async () => {
    const file = ZPrivateFile.parse((await upload(t.app, alice.headers, pdf('alice only'))).json());
    for (const headers of [bob.headers, seller.headers]) {
      const res = await t.app.inject({ method: 'GET', url: file.url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: PRIVATE_FILE_MSG.notFound, code: 'NOT_FOUND' });
    }
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);
    const asOperator = await t.app.inject({ method: 'GET', url: file.url, headers: operator });
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.rawPayload.equals(pdf('alice only'))).toBe(true);
    // Same answer for an id that names nothing, and for one that is not an id.
    expect((await t.app.inject({ method: 'GET', url: '/api/files/00000000-0000-4000-8000-000000000000', headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd', headers: alice.headers })).statusCode).toBe(404);
  });

  it('is never reachable under /uploads/', async () => {
    const file = ZPrivateFile.parse((await upload(t.app, alice.headers, pdf('not public'))).json());
    for (const url of [`/uploads/${file.id}`, `/uploads/${file.id}.webp`, `/uploads/../private-files/${file.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: alice.headers });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('not public');
    }
  });

  it('stores a photo without its metadata (no phone model, no location), for its vendor owner', async () => {
    const photo = await jpeg({ exif: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(t.app, seller.headers, photo, { filename: 'shop.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const file = ZPrivateFile.parse(res.json());
    expect(file.contentType).toBe('image/jpeg');
    const read = await t.app.inject({ method: 'GET', url: file.url, headers: seller.headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-disposition']).toBe(`inline; filename="document-${file.id}.jpg"`);
    const meta = await sharp(read.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 64, 48, undefined]);
    expect(read.rawPayload.includes(Buffer.from('SecretPhone'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: alice.headers })).statusCode).toBe(404);
  });

  it('refuses what is not a JPEG, PNG, WebP or PDF by its bytes (whatever the header says), oversize files, and missing parts', async () => {
    const storedBefore = await readdir(privateDir);
    const cases: [Buffer, Parameters<typeof multipart>[1], number][] = [
      [Buffer.from('<html><script>alert(1)</script></html>'), { type: 'image/jpeg', filename: 'x.jpg' }, 415],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), { type: 'image/gif' }, 415],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]), { type: 'image/jpeg' }, 415],
      [Buffer.from('%PDF-1.7 but cut short'), {}, 415],
      [Buffer.concat([pdf('big'), Buffer.alloc(5 * 1024 * 1024)]), {}, 413],
      [pdf('wrong part'), { name: 'document' }, 400],
      [Buffer.alloc(0), {}, 400],
    ];
    for (const [bytes, opts, status] of cases) {
      const res = await upload(t.app, alice.headers, bytes, opts);
      expect(res.statusCode, `${bytes.subarray(0, 12).toString('latin1')} → ${res.body}`).toBe(status);
      expect(typeof res.json().message).toBe('string');
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/files', headers: alice.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const raw = await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...alice.headers, 'content-type': 'application/pdf' }, payload: pdf('raw') });
    expect(raw.statusCode).toBe(415);
    expect(raw.json().message).toBe(PRIVATE_FILE_MSG.noFile);
    const huge = await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...alice.headers, 'content-type': 'multipart/form-data; boundary=x' }, payload: Buffer.alloc(6 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(PRIVATE_FILE_MSG.tooLarge);
    // Nothing refused was stored, not even a temporary file.
    expect(await readdir(privateDir)).toEqual(storedBefore);
  });

  it('refuses visitors and other websites before reading the body', async () => {
    const visitor = await upload(t.app, {}, pdf('visitor'));
    expect(visitor.statusCode).toBe(401);
    const foreign = await upload(t.app, { ...alice.headers, origin: 'https://evil.example' }, pdf('csrf'));
    expect(foreign.statusCode).toBe(403);
  });

  it('lets an owner upload 60 files an hour (40 racing, all counted), then refuses with a wait', async () => {
    const carol = await loggedInCustomer(t);
    const racing = await Promise.all(Array.from({ length: 40 }, (_, i) => upload(t.app, carol.headers, pdf(`race ${i}`))));
    expect(racing.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    for (let i = 0; i < 20; i++) expect((await upload(t.app, carol.headers, pdf(`more ${i}`))).statusCode).toBe(201);
    const refused = await upload(t.app, carol.headers, pdf('one too many'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have uploaded many files in the last hour\. Please try again in /);
    // Another owner is not held back by Carol's uploads.
    expect((await upload(t.app, bob.headers, pdf('bob'))).statusCode).toBe(201);
  });

  it('assertOwned passes the sender’s own files and refuses anyone else’s with a clear 400', async () => {
    const a1 = ZPrivateFile.parse((await upload(t.app, alice.headers, pdf('a1'))).json());
    const b1 = ZPrivateFile.parse((await upload(t.app, bob.headers, pdf('b1'))).json());
    await expect(files.assertOwned(t.db, [a1.id, a1.id], { kind: 'customer', id: alice.id })).resolves.toBeUndefined();
    await expect(files.assertOwned(t.db, [], { kind: 'customer', id: alice.id })).resolves.toBeUndefined();
    for (const ids of [[a1.id, b1.id], [b1.id], ['not-a-uuid']]) {
      await expect(files.assertOwned(t.db, ids, { kind: 'customer', id: alice.id }, 'photos'))
        .rejects.toMatchObject({ status: 400, message: PRIVATE_FILE_MSG.notYours, issues: [{ path: 'body.photos' }] });
    }
    // The same person's id as a vendor is another owner.
    await expect(files.assertOwned(t.db, [a1.id], { kind: 'vendor', id: alice.id })).rejects.toMatchObject({ status: 400 });
  });

  it('lets a vendor attach KYC documents, shown to operators in the vendor queue as links they can open', async () => {
    const pan = ZPrivateFile.parse((await upload(t.app, seller.headers, pdf('PAN card'))).json());
    const cheque = ZPrivateFile.parse((await upload(t.app, seller.headers, await jpeg(), { type: 'image/jpeg' })).json());
    const saved = await t.app.inject({ method: 'PUT', url: '/api/vendor/documents', headers: seller.headers, payload: { panCard: pan.id, cancelledCheque: cheque.id } });
    expect(saved.statusCode).toBe(200);
    expect(ZVendorDocuments.parse(saved.json()).documents.map((d) => [d.kind, d.file.id])).toEqual([['panCard', pan.id], ['cancelledCheque', cheque.id]]);

    // A customer's file, or another vendor's, cannot be attached; the error names the field.
    const alices = ZPrivateFile.parse((await upload(t.app, alice.headers, pdf('not the vendor'))).json());
    const refused = await t.app.inject({ method: 'PUT', url: '/api/vendor/documents', headers: seller.headers, payload: { gstCertificate: alices.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'body.gstCertificate', message: expect.any(String) }]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/vendor/documents', headers: alice.headers, payload: { panCard: alices.id } })).statusCode).toBe(403);

    const queue = await t.app.inject({ method: 'GET', url: `/api/ops/vendors?q=${encodeURIComponent(seller.email)}`, headers: operator });
    expect(queue.statusCode).toBe(200);
    const listed = ZOpsVendorList.parse(queue.json()).vendors.find((v) => v.id === seller.id)!;
    expect(listed.documents?.map((d) => [d.kind, d.file.url])).toEqual([['panCard', pan.url], ['cancelledCheque', cheque.url]]);
    const opened = await t.app.inject({ method: 'GET', url: listed.documents![0]!.file.url, headers: operator });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(pdf('PAN card'))).toBe(true);

    const removed = await t.app.inject({ method: 'PUT', url: '/api/vendor/documents', headers: seller.headers, payload: { cancelledCheque: null } });
    expect(removed.json().documents.map((d: { kind: string }) => d.kind)).toEqual(['panCard']);
    const one = ZOpsVendor.parse((await t.app.inject({ method: 'GET', url: `/api/ops/vendors/${seller.id}`, headers: operator })).json());
    expect(one.documents?.map((d) => d.kind)).toEqual(['panCard']);
    const mine = await t.app.inject({ method: 'GET', url: '/api/vendor/documents', headers: seller.headers });
    expect(mine.json().documents.map((d: { kind: string }) => d.kind)).toEqual(['panCard']);
  });
});

describe('S3 storage against a local server that speaks the S3 protocol', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const folders: string[] = [];
  const apps: FastifyInstance[] = [];
  /** An app on the shared database and bucket, with local folders of its own (which must stay empty). */
  async function startApp(env: Record<string, string> = {}) {
    const [uploads, privates] = [await mkdtemp(path.join(tmpdir(), 'nirmaan-s3-uploads-')), await mkdtemp(path.join(tmpdir(), 'nirmaan-s3-private-'))];
    folders.push(uploads, privates);
    const config = loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent', UPLOADS_DIR: uploads, PRIVATE_FILES_DIR: privates, ...s3.env(env) });
    const app = await buildApp({ config, database });
    apps.push(app);
    await app.ready();
    return app;
  }
  beforeAll(async () => {
    s3 = await startS3();
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    await s3.close();
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('round-trips a private file and a public upload byte for byte through two servers sharing the bucket', async () => {
    const [a, b] = [await startApp(), await startApp()];
    const customer = await loggedInCustomer({ app: a, db: database.db });
    const vendor = await loggedInSeller({ app: a, db: database.db });

    const photo = await jpeg({ width: 300, height: 200 });
    const image = await a.inject({ method: 'POST', url: '/api/vendor/uploads', headers: { ...vendor.headers, 'content-type': 'image/jpeg' }, payload: photo });
    expect(image.statusCode).toBe(201);
    const { url } = image.json() as { url: string };
    const [fromA, fromB] = [await a.inject({ method: 'GET', url }), await b.inject({ method: 'GET', url })];
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(s3.objects.get(`uploads/${url.slice('/uploads/'.length)}`)?.bytes.equals(fromB.rawPayload)).toBe(true);

    const bytes = pdf('shared across servers');
    const file = ZPrivateFile.parse((await upload(a, customer.headers, bytes)).json());
    const read = await b.inject({ method: 'GET', url: file.url, headers: customer.headers });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(bytes)).toBe(true);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((await b.inject({ method: 'GET', url: file.url, headers: vendor.headers })).statusCode).toBe(404);
    expect(s3.objects.get(`private/${file.id}`)?.contentType).toBe('application/pdf');

    // The same picture again, through the other server: found with HEAD, not written twice.
    const puts = s3.calls.filter((c) => c.method === 'PUT' && c.key.startsWith('uploads/')).length;
    const again = await b.inject({ method: 'POST', url: '/api/vendor/uploads', headers: { ...vendor.headers, 'content-type': 'image/jpeg' }, payload: photo });
    expect(again.json().url).toBe(url);
    expect(s3.calls.filter((c) => c.method === 'PUT' && c.key.startsWith('uploads/'))).toHaveLength(puts);
    expect(s3.calls.some((c) => c.method === 'HEAD' && c.status === 200)).toBe(true);
    for (const dir of folders) expect(await readdir(dir)).toEqual([]);
  });

  it('puts, finds (HEAD), reads and deletes an object through the S3 protocol, each call signed', async () => {
    const storage = createStorage(loadConfig(s3.env()).storage);
    const bytes = Buffer.from('a key with spaces and ünïcode is encoded as SigV4 wants');
    await storage.private.put('odd key/ünï.bin', bytes, 'application/octet-stream');
    expect(s3.objects.get('private/odd key/ünï.bin')?.bytes.equals(bytes)).toBe(true);
    expect(await storage.private.has('odd key/ünï.bin')).toBe(true);
    const object = await storage.private.get('odd key/ünï.bin');
    expect(object?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await storage.private.delete('odd key/ünï.bin');
    await storage.private.delete('odd key/ünï.bin'); // deleting what is gone is no error
    expect(await storage.private.has('odd key/ünï.bin')).toBe(false);
    expect(await storage.private.get('odd key/ünï.bin')).toBeNull();
    expect(await storage.uploads.has('odd key/ünï.bin')).toBe(false); // the other area
  });

  it('refuses to start with bad credentials or a missing bucket, saying what S3 said and what to check', async () => {
    await expect(startApp({ S3_SECRET_ACCESS_KEY: 'not-the-right-secret' }))
      .rejects.toThrow(/403 SignatureDoesNotMatch.*check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    await expect(startApp({ S3_ACCESS_KEY_ID: 'AKIASOMEONEELSE00000' })).rejects.toThrow(/403 InvalidAccessKeyId/);
    await expect(startApp({ S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(/404 NoSuchBucket.*check S3_BUCKET/);
    expect(s3.calls.filter((c) => c.status === 403).length).toBeGreaterThanOrEqual(2);
  });

  it('answers 503 with a plain message when the store stops answering, and 404 for a key it does not have', async () => {
    const app = await startApp();
    const customer = await loggedInCustomer({ app, db: database.db });
    const file = ZPrivateFile.parse((await upload(app, customer.headers, pdf('soon gone'))).json());
    s3.objects.delete(`private/${file.id}`);
    expect((await app.inject({ method: 'GET', url: file.url, headers: customer.headers })).statusCode).toBe(404);
    await s3.close();
    const down = await upload(app, customer.headers, pdf('store down'));
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: 'Files cannot be stored or read right now. Please try again in a minute.', code: 'UNAVAILABLE' });
  });
});

describe('storage configuration and the SigV4 signer', () => {
  it('needs all four S3 settings or none, naming the missing ones', () => {
    expect(() => loadConfig({ S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'files' }))
      .toThrow(new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: not set; S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set all four or none'));
    expect(() => loadConfig({ S3_URL: 'ftp://files' })).toThrow(/S3_URL: must be an http/);
    expect(loadConfig({}).storage.kind).toBe('folder');
    expect(loadConfig({ S3_URL: 'https://s3.example.in/', S3_BUCKET: S3_TEST_KEYS.bucket, S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'secret-123' }).storage)
      .toMatchObject({ kind: 's3', endpoint: 'https://s3.example.in', region: 'us-east-1' });
  });

  it('signs AWS’s published GET Object example to the published signature', () => {
    const headers = signRequest(
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { range: 'bytes=0-9' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', now: new Date('2013-05-24T00:00:00Z') },
    );
    expect(headers.authorization).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, '
      + 'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});
