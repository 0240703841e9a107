import { describe, expect, it } from 'vitest';
import {
  ZBilling, allowedTaxClasses, amountInWords, chooseProductTax, financialYear, indiaDate, materialTaxClass, serviceTaxClass, splitInclusive, stateCodeOfName, tcsPaise,
} from '../src/gst.ts';
import { ZOrderCartBody } from '../src/cart.ts';
import { formatPaise } from '../src/money.ts';

const sum = (s: ReturnType<typeof splitInclusive>) => s.taxableValuePaise + s.cgstPaise + s.sgstPaise + s.igstPaise;

describe('the inclusive price split (decision record 022)', () => {
  it('within a state: 10 bags of cement at ₹385 (₹3,850 paid, 18%) is ₹3,262.71 taxable and ₹293.65 + ₹293.64', () => {
    const s = splitInclusive(385_000, 18, true);
    expect(s).toEqual({ taxableValuePaise: 326_271, cgstPaise: 29_365, sgstPaise: 29_364, igstPaise: 0 });
    expect(sum(s)).toBe(385_000);
  });
  it('across states: the same line is ₹3,262.71 taxable and ₹587.29 IGST', () => {
    const s = splitInclusive(385_000, 18, false);
    expect(s).toEqual({ taxableValuePaise: 326_271, cgstPaise: 0, sgstPaise: 0, igstPaise: 58_729 });
    expect(sum(s)).toBe(385_000);
  });
  it('rounds the taxable value half up and every split adds up to the paise paid, CGST and SGST differing by at most a paisa', () => {
    // ₹1.18 at 18% is exactly ₹1.00 + ₹0.18; ₹0.01 leaves no tax.
    expect(splitInclusive(118, 18, true)).toEqual({ taxableValuePaise: 100, cgstPaise: 9, sgstPaise: 9, igstPaise: 0 });
    expect(splitInclusive(1, 18, true)).toEqual({ taxableValuePaise: 1, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    for (const rate of [0, 5, 12, 18, 40]) {
      for (let paise = 0; paise < 5_000; paise += 7) {
        const s = splitInclusive(paise, rate, true);
        expect(sum(s)).toBe(paise);
        expect(s.cgstPaise - s.sgstPaise).toBeGreaterThanOrEqual(0);
        expect(s.cgstPaise - s.sgstPaise).toBeLessThanOrEqual(1);
        expect(sum(splitInclusive(paise, rate, false))).toBe(paise);
      }
    }
  });
  it('a Bill of Supply (no GSTIN, rate 0) carries no tax: the whole amount is its value', () => {
    expect(splitInclusive(385_000, 0, true)).toEqual({ taxableValuePaise: 385_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
  it('TCS is 0.5% of the net taxable value', () => {
    expect(tcsPaise(326_271)).toBe(1_631);
  });
});

describe('tax classes', () => {
  it('cement is HSN 2523 at 18%, sand 2505 at 5%, building bricks 6904 at 12%, paints 3209 at 18%', () => {
    expect(materialTaxClass('Cement')).toMatchObject({ code: '2523', ratePercent: 18 });
    expect(materialTaxClass('Sand')).toMatchObject({ code: '2505', ratePercent: 5 });
    expect(materialTaxClass('Bricks')).toMatchObject({ code: '6904', ratePercent: 12 });
    expect(materialTaxClass('Paints')).toMatchObject({ code: '3209', ratePercent: 18 });
    expect(materialTaxClass('Paints', '3208')).toMatchObject({ code: '3208', ratePercent: 18 });
    expect(materialTaxClass('Cement', '9999')).toMatchObject({ code: '2523' });
  });
  it('a seller’s choice: an allowed HSN takes its rate, a rate picks its HSN, anything else names the field', () => {
    expect(chooseProductTax('Bricks', null, null)).toEqual({ ok: true, choice: { hsn: null, gstRatePercent: null } });
    expect(chooseProductTax('Bricks', '6810', null)).toEqual({ ok: true, choice: { hsn: '6810', gstRatePercent: 5 } });
    expect(chooseProductTax('Bricks', null, 5)).toEqual({ ok: true, choice: { hsn: '6810', gstRatePercent: 5 } });
    expect(chooseProductTax('Bricks', '6904', 12)).toEqual({ ok: true, choice: { hsn: '6904', gstRatePercent: 12 } });
    expect(chooseProductTax('Bricks', '2523', null)).toMatchObject({ ok: false, field: 'ProductHsn' });
    expect(chooseProductTax('Bricks', '6904', 18)).toEqual({ ok: false, field: 'ProductGstRate', message: 'The GST rate for HSN 6904 must be 12%.' });
    expect(chooseProductTax('Cement', null, 5)).toEqual({ ok: false, field: 'ProductGstRate', message: 'The GST rate for Cement must be 18%.' });
    expect(allowedTaxClasses('Roofing').map((t) => `${t.code}@${t.ratePercent}`)).toEqual(['7210@18', '6905@12']);
    expect(materialTaxClass('Bricks', '6810', 5)).toMatchObject({ code: '6810', ratePercent: 5 });
    expect(materialTaxClass('Bricks', '6810', 18)).toMatchObject({ code: '6904' });
  });
  it('services: architecture 9983, repairs 9987, construction work 9954', () => {
    expect(serviceTaxClass('Architect').code).toBe('9983');
    expect(serviceTaxClass('Plumber').code).toBe('9987');
    expect(serviceTaxClass('Civil Mason').code).toBe('9954');
  });
});

describe('amount in words', () => {
  it('₹1,23,45,678.50 in lakh and crore', () => {
    expect(amountInWords(12_345_678_50)).toBe('Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Fifty Paise Only');
    expect(formatPaise(12_345_678_50)).toBe('₹1,23,45,678.50');
  });
  it('whole rupees, small amounts and zero', () => {
    expect(amountInWords(385_000)).toBe('Rupees Three Thousand Eight Hundred Fifty Only');
    expect(amountInWords(1_000_000_000_00)).toBe('Rupees One Hundred Crore Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(1_011_00)).toBe('Rupees One Thousand Eleven Only');
  });
});

describe('financial years', () => {
  it('31 March (India) is the old year, 1 April the new one, whatever the UTC date', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2627'); // 23:59:59 IST on 31 March
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2728'); // 00:00 IST on 1 April
    expect(indiaDate(new Date('2027-03-31T18:30:00Z'))).toBe('2027-04-01');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('9900');
  });
});

describe('states and the buyer GSTIN', () => {
  it('knows state names as typed', () => {
    expect(stateCodeOfName('Karnataka')).toBe('29');
    expect(stateCodeOfName(' TELANGANA ')).toBe('36');
    expect(stateCodeOfName('Orissa')).toBe('21');
    expect(stateCodeOfName('Atlantis')).toBeNull();
  });
  it('accepts a real-format GSTIN and refuses a wrong checksum, state code or PAN, naming the GSTIN', () => {
    expect(ZBilling.parse({ gstin: '29aagcb7383j1z4', legalName: 'Bharat Builders' })).toEqual({ gstin: '29AAGCB7383J1Z4', legalName: 'Bharat Builders' });
    const refusal = (gstin: string) => ZBilling.safeParse({ gstin, legalName: 'Bharat Builders' }).error?.issues[0]?.message;
    expect(refusal('29AAGCB7383J1Z5')).toMatch(/check character/);
    expect(refusal('40AAGCB7383J1Z4')).toMatch(/not a GST state code/);
    expect(refusal('29AAGXB7383J1Z4')).toMatch(/PAN/);
  });
  it('POST /ordercart works without billing, and refuses a bad one at billing.gstin', () => {
    const line = {
      productId: '00000000-0000-4000-8000-000000000001', quantity: 1, customerId: '00000000-0000-4000-8000-000000000002', customerName: 'Asha', phone: '9876543210',
      email: 'asha@example.com', shippingAddress: { fullAddress: '1 MG Road', city: 'Bengaluru', pincode: '560001', state: 'Karnataka' },
    };
    expect(ZOrderCartBody.safeParse({ orders: [line] }).success).toBe(true);
    const bad = ZOrderCartBody.safeParse({ orders: [line], billing: { gstin: '29AAGCB7383J1Z5', legalName: 'Bharat Builders' } });
    expect(bad.error?.issues[0]?.path).toEqual(['billing', 'gstin']);
  });
});
