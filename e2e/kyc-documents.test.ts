import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, logInOperatorThroughApi } from './support/accounts.ts';
import { shown } from './support/journey.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * KYC documents in a real browser: the demo seller uploads a PAN card on the Payouts page (a private file), is
 * refused a file that is not a photo or PDF, and the operator opens the document from the vendor queue; a
 * visitor cannot.
 */
let stage: Stage;
let vendor: Page;
let ops: Page;
let visitor: Page;

beforeAll(async () => {
  stage = await openStage();
  [vendor, ops, visitor] = [await stage.page(), await stage.page(), await stage.page()];
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

const SELLER = 'seller@demo.nirmaan.in';
const PAN_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% PAN ABCPE1234F\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('KYC documents', () => {
  it('a vendor uploads a PAN card on Payouts, and only the operator (and the vendor) can open it from the queue', { timeout: 240_000 }, async () => {
    const login = await vendor.request.post('/api/vendor/login', { data: { email: SELLER, password: 'Demo@12345' } });
    expect(login.status(), await login.text()).toBe(200);
    await vendor.goto('/vendor/payouts');
    const pan = vendor.getByTestId('kyc-panCard');
    await shown(pan);

    // A text file named like a PDF is refused from its bytes, with a message saying what is accepted.
    await pan.locator('input[type=file]').setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
    await shown(pan.getByText('Please upload a JPEG, PNG or WebP photo, or a PDF.'));

    await pan.locator('input[type=file]').setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: PAN_PDF });
    await expectToast(vendor, 'PAN card uploaded. We will review it.', 'success');
    const link = pan.getByRole('link', { name: /^PDF, 1 KB$/ });
    await shown(link);
    await screenshot(vendor, 'vendor-kyc-documents-desktop');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const own = await vendor.request.get(href);
    expect(own.status()).toBe(200);
    expect(Buffer.from(await own.body()).equals(PAN_PDF)).toBe(true);

    await logInOperatorThroughApi(ops, 'ops@demo.nirmaan.in', 'Demo@12345');
    await ops.goto(`/ops/vendors?status=approved&q=${encodeURIComponent(SELLER)}`);
    const documents = ops.getByTestId('ops-vendor-documents');
    await shown(documents.getByRole('link', { name: 'PAN card' }));
    expect(await documents.getByRole('link', { name: 'PAN card' }).getAttribute('href')).toBe(href);
    const opened = await ops.request.get(href);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-disposition']).toMatch(/^attachment; filename="document-[0-9a-f-]{36}\.pdf"$/);
    expect(Buffer.from(await opened.body()).equals(PAN_PDF)).toBe(true);

    expect((await visitor.request.get(href)).status()).toBe(401);
  });
});
