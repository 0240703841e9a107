import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE_MSG, XLSX_TYPE, ZPrivateFile, type PrivateFile } from '@nirmaan/shared';
import type { DeliverySettings } from '@nirmaan/shared/delivery';
import { RFQ_MSG, type Rfq, type RfqBody, type VendorRfq } from '@nirmaan/shared/rfqs';
import { emailOutbox, rfqFiles, rfqs } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { HYDERABAD_DELIVERY } from './support/delivery.ts';
import { createProduct } from './support/factories.ts';
import { multipart } from './support/files.ts';
import { caller, loggedInCustomer, loggedInVendor, type VendorWho, type Who } from './support/http.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';

/**
 * Photos and a bill of quantities on a request for quotes (issue 35, decision record 045): uploaded as private
 * files, checked from their bytes, attached once, read only by the buyer, the sellers the request went to and
 * operators, always as downloads. PGlite and PostgreSQL.
 */

let t: TestApp;
let privateDir: string;
const call = caller(() => t);
const SITE = '500032';

beforeAll(async () => {
  privateDir = await mkdtemp(path.join(tmpdir(), 'nirmaan-rfq-files-'));
  t = await createTestApp({ PRIVATE_FILES_DIR: privateDir });
});
afterAll(async () => {
  await t.close();
  await rm(privateDir, { recursive: true, force: true });
});

/** An approved seller with the demo's Hyderabad rate card and a product of `category`. */
async function seller(category: string, settings: DeliverySettings = HYDERABAD_DELIVERY): Promise<VendorWho> {
  const v = await loggedInVendor(t, { kind: 'seller', approvedAt: new Date() });
  expect((await call(v, 'PUT', '/api/vendor/delivery', { settings })).statusCode).toBe(200);
  await createProduct(t.db, { vendorId: v.id, category, unit: 'piece', price: 12, stock: 100_000, weightKg: 3, volumeM3: 0.002 });
  return v;
}

const request = (fileIds?: string[]): RfqBody => ({
  items: [{ category: 'Bricks', description: 'Red clay, first class', quantity: 4000, unit: 'pieces' }],
  pincode: SITE, neededBy: { from: '2030-01-10', to: '2030-01-20' }, floors: 0, notes: 'Gate on the service road.', quoteDays: 3,
  ...(fileIds ? { fileIds } : {}),
});

const attach = (who: Who | VendorWho | null, bytes: Buffer, opts: Parameters<typeof multipart>[1] = {}) => {
  const body = multipart(bytes, opts);
  return t.app.inject({ method: 'POST', url: '/api/rfqs/files', headers: { ...(who?.headers ?? {}), 'content-type': body.contentType }, payload: body.payload });
};
async function uploaded(who: Who, bytes: Buffer, opts: Parameters<typeof multipart>[1] = {}): Promise<PrivateFile> {
  const res = await attach(who, bytes, opts);
  expect(res.statusCode, res.body).toBe(201);
  return ZPrivateFile.parse(res.json());
}

const photo = (shade: number, exif = false) => {
  const img = sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 60 } } }).jpeg();
  return (exif ? img.withExif({ IFD0: { Make: 'PhoneMaker', Artist: 'Asha Buyer 9876543210' }, IFD3: { GPSLatitude: '17/1 23/1 0/1' } }) : img).toBuffer();
};

/** A zip as Excel writes one (the sheet deflated, the rest stored), naming its author in its properties. */
function workbook(extra: Record<string, string> = {}) {
  const entries: [string, Buffer, boolean][] = [
    ['[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'), false],
    ['xl/workbook.xml', Buffer.from('<workbook><sheets><sheet name="BOQ" sheetId="1"/></sheets></workbook>'), false],
    ['xl/worksheets/sheet1.xml', Buffer.from('<worksheet><sheetData><row><c t="inlineStr"><is><t>OPC 53 cement, 400 bags</t></is></c></row></sheetData></worksheet>'), true],
    ['docProps/core.xml', Buffer.from('<cp:coreProperties><dc:creator>Asha Buyer</dc:creator><cp:lastModifiedBy>asha@example.com</cp:lastModifiedBy></cp:coreProperties>'), false],
    ...Object.entries(extra).map(([name, text]): [string, Buffer, boolean] => [name, Buffer.from(text), false]),
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, raw, deflate] of entries) {
    const data = deflate ? deflateRawSync(raw) : raw;
    const fields = (sig: number, local: boolean) => {
      const h = Buffer.alloc(local ? 30 : 46);
      h.writeUInt32LE(sig, 0);
      let at = local ? 4 : 6;
      if (!local) h.writeUInt16LE(20, 4);
      for (const [v, size] of [[20, 2], [0, 2], [deflate ? 8 : 0, 2], [0, 2], [0, 2], [crc32(raw), 4], [data.length, 4], [raw.length, 4], [name.length, 2], [0, 2]] as const) {
        at = size === 2 ? h.writeUInt16LE(v, at) : h.writeUInt32LE(v, at);
      }
      if (!local) h.writeUInt32LE(offset, 42);
      return Buffer.concat([h, Buffer.from(name)]);
    };
    central.push(fields(0x02014b50, false));
    const local = fields(0x04034b50, true);
    locals.push(local, data);
    offset += local.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return { bytes: Buffer.concat([...locals, dir, end]), sheet: deflateRawSync(entries[2]![1]) };
}

const inbox = async (v: VendorWho) => ((await call(v, 'GET', '/api/vendor/rfqs')).json() as { rfqs: VendorRfq[] }).rfqs;
const rfqsOf = (customerId: string) => t.db.select().from(rfqs).where(eq(rfqs.customerId, customerId));
const attachedRows = (fileIds: string[]) => t.db.select().from(rfqFiles).where(inArray(rfqFiles.fileId, fileIds));

describe('files on a request for quotes', () => {
  let shop: VendorWho;
  let steel: VendorWho;
  let far: VendorWho;
  beforeAll(async () => {
    [shop, steel, far] = [await seller('Bricks'), await seller('Steel'), await seller('Bricks', { ...HYDERABAD_DELIVERY, radiusKm: 5 })];
  });

  it('are shown to the buyer and the sellers the request went to, downloaded by them and operators only, without the buyer\'s name', async () => {
    const me = await loggedInCustomer(t, { fullName: 'Asha Buyer', email: 'asha@example.com' });
    const site = await uploaded(me, await photo(200, true), { filename: 'asha-site.jpg', type: 'image/jpeg' });
    const boq = workbook();
    const sheet = await uploaded(me, boq.bytes, { filename: 'Asha BOQ.xlsx', type: XLSX_TYPE });
    expect(sheet.contentType).toBe(XLSX_TYPE);
    const res = await call(me, 'POST', '/api/rfqs', request([site.id, sheet.id]));
    expect(res.statusCode, res.body).toBe(201);
    const rfq = res.json() as Rfq;
    expect(rfq.files).toEqual([site, sheet]);
    expect(((await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq).files).toEqual([site, sheet]);

    // The seller it went to sees both in its inbox and on the request, and downloads them.
    expect((await inbox(shop)).find((r) => r._id === rfq._id)?.files).toEqual([site, sheet]);
    expect(((await call(shop, 'GET', `/api/vendor/rfqs/${rfq._id}`)).json() as VendorRfq).files).toEqual([site, sheet]);
    const admin = { headers: opsCookie((await loginOperator(t.app, (await createOperator(t.db, 'support')).email)).token) };
    for (const who of [me, shop, admin]) {
      for (const [file, ext] of [[site, 'jpg'], [sheet, 'xlsx']] as const) {
        const read = await call(who, 'GET', file.url);
        expect(read.statusCode).toBe(200);
        expect(read.headers['content-type']).toBe(file.contentType);
        expect(read.headers['content-disposition']).toBe(`attachment; filename="document-${file.id}.${ext}"`);
        expect(read.headers['cache-control']).toBe('private, no-store');
        expect(read.headers['x-content-type-options']).toBe('nosniff');
        expect(read.rawPayload.length).toBe(file.size);
      }
    }
    // Nothing of the buyer's: the photo lost its metadata, the workbook its author (its sheet is copied as it was).
    const pic = (await call(shop, 'GET', site.url)).rawPayload;
    expect((await sharp(pic).metadata()).exif).toBeUndefined();
    const book = (await call(shop, 'GET', sheet.url)).rawPayload;
    for (const secret of ['Asha', 'asha@example.com', '9876543210']) {
      expect(pic.includes(Buffer.from(secret))).toBe(false);
      expect(book.includes(Buffer.from(secret))).toBe(false);
    }
    expect(book.includes(boq.sheet)).toBe(true);
    expect(book.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');

    // A seller it did not go to, another customer: 404 as for no file; a visitor 401.
    const stranger = await loggedInCustomer(t);
    for (const who of [steel, far, stranger]) {
      expect((await inbox(steel)).map((r) => r._id)).not.toContain(rfq._id);
      for (const file of [site, sheet]) expect((await call(who, 'GET', file.url)).statusCode).toBe(404);
    }
    expect((await call(null, 'GET', sheet.url)).statusCode).toBe(401);

    // Hidden by an operator, the request's files are no longer the seller's to read; the buyer and operators still can.
    expect((await call(admin, 'POST', `/api/ops/rfqs/${rfq._id}/hide`, { reason: 'Spam' })).statusCode).toBe(200);
    expect((await call(shop, 'GET', site.url)).statusCode).toBe(404);
    expect((await call(me, 'GET', site.url)).statusCode).toBe(200);
    expect((await call(admin, 'GET', site.url)).statusCode).toBe(200);
  });

  it('takes a CSV bill of quantities, and judges every file by its bytes, not its name', async () => {
    const me = await loggedInCustomer(t);
    const csv = Buffer.from('\ufeffItem,Quantity,Unit\r\nRed bricks,4000,pieces\r\nOPC 53 cement,400,bags\r\n');
    const boq = await uploaded(me, csv, { filename: 'boq.csv', type: 'text/csv' });
    expect(boq.contentType).toBe('text/csv');
    const read = await call(me, 'GET', boq.url);
    expect([read.statusCode, read.headers['content-disposition']]).toEqual([200, `attachment; filename="document-${boq.id}.csv"`]);
    expect(read.rawPayload.equals(csv)).toBe(true);
    // A PNG called a PDF is a PNG.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer();
    expect((await uploaded(me, png, { filename: 'plan.pdf', type: 'application/pdf' })).contentType).toBe('image/png');

    const storedBefore = await readdir(privateDir);
    const lying: [Buffer, Parameters<typeof multipart>[1]][] = [
      [Buffer.from('<html><body onload="alert(1)">BOQ</body></html>'), { filename: 'boq.csv', type: 'text/csv' }],
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), { filename: 'site.jpg', type: 'image/jpeg' }],
      [workbook({ 'xl/vbaProject.bin': 'Sub AutoOpen()' }).bytes, { filename: 'boq.xlsx', type: XLSX_TYPE }],
      [Buffer.from('PK\x03\x04 not really a zip at all', 'latin1'), { filename: 'boq.xlsx', type: XLSX_TYPE }],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), { filename: 'site.png', type: 'image/png' }],
    ];
    for (const [bytes, opts] of lying) {
      const res = await attach(me, bytes, opts);
      expect([res.statusCode, res.json().message], opts?.filename).toEqual([415, PRIVATE_FILE_MSG.notPhotoOrBoq]);
    }
    const big = await attach(me, Buffer.concat([Buffer.from('Item,Quantity\r\n'), Buffer.alloc(5 * 1024 * 1024 + 1, 'a')]), { filename: 'boq.csv', type: 'text/csv' });
    expect([big.statusCode, big.json().message]).toEqual([413, PRIVATE_FILE_MSG.tooLarge]);
    expect(await readdir(privateDir)).toEqual(storedBefore);

    // Only a logged-in customer uploads here.
    expect((await attach(null, csv)).statusCode).toBe(401);
    expect((await attach(shop, csv)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await attach(shop, csv)).statusCode).toBeLessThan(404);
  });

  it('refuses a sixth photo, a second bill of quantities and another customer\'s file, writing nothing of the request', async () => {
    const me = await loggedInCustomer(t);
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map(async (k) => uploaded(me, await photo(k * 30))));
    const [pdf, csv] = [
      await uploaded(me, Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')),
      await uploaded(me, Buffer.from('Item,Quantity\nSand,3\n'), { type: 'text/csv' }),
    ];
    const someoneElse = await uploaded(await loggedInCustomer(t), await photo(10));
    const cases: [string[], string][] = [
      [photos.map((p) => p.id), RFQ_MSG.tooManyPhotos],
      [[...photos.slice(0, 5).map((p) => p.id), pdf.id, csv.id], RFQ_MSG.tooManyPhotos],
      [[photos[0]!.id, pdf.id, csv.id], RFQ_MSG.oneBoq],
      [[photos[0]!.id, someoneElse.id], PRIVATE_FILE_MSG.notYours],
      [[photos[0]!.id, photos[0]!.id], 'Each file can be attached once.'],
    ];
    for (const [fileIds, message] of cases) {
      const res = await call(me, 'POST', '/api/rfqs', request(fileIds));
      expect([res.statusCode, res.json().message], message).toEqual([400, message]);
    }
    // In the buyer's language, as every refusal (decision record 039).
    const inHindi = await call(me, 'POST', '/api/rfqs', request(photos.map((p) => p.id)), { 'accept-language': 'hi' });
    expect([inHindi.statusCode, inHindi.json().message]).toEqual([400, 'एक रिक्वेस्ट में ज़्यादा से ज़्यादा 5 फ़ोटो।']);
    expect(await rfqsOf(me.id)).toEqual([]);
    expect(await attachedRows([...photos, pdf, csv, someoneElse].map((f) => f.id))).toEqual([]);
    // Five photos and one bill of quantities is what a request takes.
    const ok = await call(me, 'POST', '/api/rfqs', request([...photos.slice(0, 5).map((p) => p.id), pdf.id]));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as Rfq).files!.map((f) => f.id)).toEqual([...photos.slice(0, 5).map((p) => p.id), pdf.id]);
  });

  it('attaches a file to one request only, and at most 5 photos, when 40 requests race', async () => {
    const me = await loggedInCustomer(t);
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map(async (k) => uploaded(me, await photo(k * 40))));
    const five = photos.slice(0, 5).map((p) => p.id);
    const mailsBefore = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, shop.email))).length;
    const all = await Promise.all(Array.from({ length: 40 }, (_, k) => call(me, 'POST', '/api/rfqs', request(k % 2 ? five : photos.map((p) => p.id)))));
    expect(all.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refusals = new Set(all.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.json().message}`));
    expect(refusals).toEqual(new Set([`409 ${RFQ_MSG.fileAttached}`, `400 ${RFQ_MSG.tooManyPhotos}`]));
    const [only] = await rfqsOf(me.id);
    expect(await rfqsOf(me.id)).toHaveLength(1);
    expect((await attachedRows(photos.map((p) => p.id))).map((r) => [r.rfqId, r.fileId])).toEqual(expect.arrayContaining(five.map((id) => [only!.id, id])));
    expect(await attachedRows(photos.map((p) => p.id))).toHaveLength(5);
    // The refused requests mailed nobody.
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, shop.email))).length).toBe(mailsBefore + 1);
  });

  describe('added later (decision record 050)', () => {
    const addFiles = (who: Who | VendorWho | null, rfqId: string, fileIds: string[], headers: Record<string, string> = {}) =>
      call(who, 'POST', `/api/rfqs/${rfqId}/files`, { fileIds }, headers);
    const pdfBytes = (n: number) => Buffer.from(`%PDF-1.4\n% BOQ ${n}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

    it('let the buyer add a forgotten bill of quantities to its open request, which the sellers it went to then see and download', async () => {
      const me = await loggedInCustomer(t);
      const site = await uploaded(me, await photo(70));
      const rfq = (await call(me, 'POST', '/api/rfqs', request([site.id]))).json() as Rfq;
      const boq = await uploaded(me, pdfBytes(1));

      // Not the buyer's request: another customer learns nothing; a seller or a visitor is not a buyer.
      const stranger = await loggedInCustomer(t);
      const theirs = await uploaded(stranger, pdfBytes(2));
      expect([(await addFiles(stranger, rfq._id, [theirs.id])).statusCode, (await addFiles(stranger, rfq._id, [theirs.id])).json().message]).toEqual([404, RFQ_MSG.notFound]);
      expect((await addFiles(shop, rfq._id, [boq.id])).statusCode).toBeGreaterThanOrEqual(401);
      expect((await addFiles(shop, rfq._id, [boq.id])).statusCode).toBeLessThan(404);
      expect((await addFiles(null, rfq._id, [boq.id])).statusCode).toBe(401);
      expect(await attachedRows([boq.id, theirs.id])).toEqual([]);

      const res = await addFiles(me, rfq._id, [boq.id]);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Rfq).files).toEqual([site, boq]);
      expect(((await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq).files).toEqual([site, boq]);
      // The seller it went to sees it in its inbox and on the request, and downloads it; a seller it did not go to cannot.
      expect((await inbox(shop)).find((r) => r._id === rfq._id)?.files).toEqual([site, boq]);
      expect(((await call(shop, 'GET', `/api/vendor/rfqs/${rfq._id}`)).json() as VendorRfq).files).toEqual([site, boq]);
      const read = await call(shop, 'GET', boq.url);
      expect([read.statusCode, read.rawPayload.equals(pdfBytes(1))]).toEqual([200, true]);
      expect((await call(steel, 'GET', boq.url)).statusCode).toBe(404);
    });

    it('refuses more than 5 photos and one bill of quantities in all, another customer\'s file, one already attached, and a request no longer collecting', async () => {
      const me = await loggedInCustomer(t);
      const photos = await Promise.all([1, 2, 3, 4, 5, 6].map(async (k) => uploaded(me, await photo(k * 20 + 5))));
      const [boq, second] = [await uploaded(me, pdfBytes(3)), await uploaded(me, Buffer.from('Item,Quantity\nSand,3\n'), { type: 'text/csv' })];
      const rfq = (await call(me, 'POST', '/api/rfqs', request([photos[0]!.id, photos[1]!.id, boq.id]))).json() as Rfq;
      const other = (await call(me, 'POST', '/api/rfqs', request([photos[5]!.id]))).json() as Rfq;
      const someoneElse = await uploaded(await loggedInCustomer(t), await photo(11));
      const cases: [string[], number, string][] = [
        [photos.slice(2).map((p) => p.id), 400, RFQ_MSG.tooManyPhotos],
        [[second.id], 400, RFQ_MSG.oneBoq],
        [[photos[2]!.id, someoneElse.id], 400, PRIVATE_FILE_MSG.notYours],
        [[photos[2]!.id, photos[0]!.id], 400, RFQ_MSG.alreadyOnRequest],
        [[photos[2]!.id, photos[2]!.id], 400, 'Each file can be attached once.'],
        [[], 400, 'Choose at least one file to add.'],
        [[photos[2]!.id, photos[5]!.id], 409, RFQ_MSG.fileAttached],
      ];
      for (const [fileIds, status, message] of cases) {
        const res = await addFiles(me, rfq._id, fileIds);
        expect([res.statusCode, res.json().message], message).toEqual([status, message]);
      }
      // In the buyer's language, as every refusal.
      const inHindi = await addFiles(me, rfq._id, [second.id], { 'accept-language': 'hi' });
      expect([inHindi.statusCode, inHindi.json().message]).toEqual([400, 'एक रिक्वेस्ट में एक ही बिल ऑफ़ क्वांटिटीज़ लगाएं (PDF, Excel या CSV फ़ाइल)।']);
      expect((await attachedRows([...photos, second, someoneElse].map((f) => f.id))).map((r) => [r.rfqId, r.fileId]).sort())
        .toEqual([[rfq._id, photos[0]!.id], [rfq._id, photos[1]!.id], [other._id, photos[5]!.id]].sort());
      // Three more photos make five.
      const ok = await addFiles(me, rfq._id, photos.slice(2, 5).map((p) => p.id));
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json() as Rfq).files!.map((f) => f.id)).toEqual([photos[0]!.id, photos[1]!.id, boq.id, ...photos.slice(2, 5).map((p) => p.id)]);

      // Withdrawn, hidden by an operator, past its collection or accepted: no more files.
      const late = await uploaded(me, pdfBytes(4));
      const [closed, hidden, expired] = [
        (await call(me, 'POST', '/api/rfqs', request())).json() as Rfq,
        (await call(me, 'POST', '/api/rfqs', request())).json() as Rfq,
        other,
      ];
      expect((await call(me, 'POST', `/api/rfqs/${closed._id}/cancel`)).statusCode).toBe(200);
      const admin = { headers: opsCookie((await loginOperator(t.app, (await createOperator(t.db, 'support')).email)).token) };
      expect((await call(admin, 'POST', `/api/ops/rfqs/${hidden._id}/hide`, { reason: 'Spam' })).statusCode).toBe(200);
      await t.db.update(rfqs).set({ closesAt: new Date(Date.now() - 60_000) }).where(eq(rfqs.id, expired._id));
      const accepted = (await call(me, 'POST', '/api/rfqs', request())).json() as Rfq;
      const { proposal } = (await call(shop, 'GET', `/api/vendor/rfqs/${accepted._id}`)).json() as VendorRfq;
      const quoted = await call(shop, 'POST', `/api/vendor/rfqs/${accepted._id}/quotes`, {
        items: accepted.items.map((i) => ({ itemId: i._id, unitPricePaise: 1_100 })), freightPaise: proposal!.freightPaise, unloadingPaise: proposal!.unloadingPaise,
        validHours: 48, paymentTerms: ['cod'], notes: '',
      });
      expect(quoted.statusCode, quoted.body).toBe(201);
      const accept = await call(me, 'POST', `/api/rfqs/${accepted._id}/quotes/${(quoted.json() as VendorRfq).myQuotes[0]!._id}/accept`, { paymentMethod: 'cod' });
      expect(accept.statusCode, accept.body).toBe(201);
      for (const r of [closed, hidden, expired, accepted]) {
        const res = await addFiles(me, r._id, [late.id]);
        expect([res.statusCode, res.json().message]).toEqual([409, RFQ_MSG.filesClosed]);
      }
      expect(await attachedRows([late.id])).toEqual([]);
    });

    it('holds 5 photos in all when 40 additions race', async () => {
      const me = await loggedInCustomer(t);
      const first = await uploaded(me, await photo(3));
      const rfq = (await call(me, 'POST', '/api/rfqs', request([first.id]))).json() as Rfq;
      const more = await Promise.all(Array.from({ length: 40 }, async (_, k) => uploaded(me, await photo(k * 6 + 10))));
      const all = await Promise.all(more.map((p) => addFiles(me, rfq._id, [p.id])));
      expect(all.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      expect(all.filter((r) => r.statusCode === 200)).toHaveLength(4);
      expect(new Set(all.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().message}`))).toEqual(new Set([`400 ${RFQ_MSG.tooManyPhotos}`]));
      const rows = await t.db.select().from(rfqFiles).where(eq(rfqFiles.rfqId, rfq._id));
      expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2, 3, 4]);
      expect(((await call(shop, 'GET', `/api/vendor/rfqs/${rfq._id}`)).json() as VendorRfq).files).toHaveLength(5);
    });
  });
});
