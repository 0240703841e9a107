import { describe, expect, it } from 'vitest';
import {
  ZPayoutAccountBody, accountNumberError, gstinCheckCharacter, gstinError, ifscError, isGstStateCode, maskAccountNumber, panError,
} from '../src/payouts.ts';

// Real-format GSTINs as published in GST examples: Maharashtra (27), a firm (F), and Karnataka (29), a company (C).
const GSTIN_MH = '27AAPFU0939F1ZV';
const GSTIN_KA = '29AAGCB7383J1Z4';

describe('PAN', () => {
  it('accepts 5 letters, 4 digits and a letter whose 4th letter is a holder type', () => {
    for (const pan of ['AAPFU0939F', 'ABCPE1234F', 'AAGCB7383J', 'AAAHT1234Z']) expect(panError(pan), pan).toBeNull();
  });
  it('refuses other shapes and unknown holder types, naming the PAN', () => {
    for (const pan of ['AAPFU0939', 'AAPFU09391', '1APFU0939F', 'aapfu0939f', 'AAPFU0939FF', '']) expect(panError(pan)).toMatch(/^The PAN must be 10 characters/);
    expect(panError('AAPXU0939F')).toMatch(/^The PAN's 4th letter is the holder type .*X is none of them/);
  });
});

describe('GSTIN', () => {
  it('accepts real-format GSTINs (their check characters computed by the mod-36 algorithm)', () => {
    expect(gstinError(GSTIN_MH)).toBeNull();
    expect(gstinError(GSTIN_KA)).toBeNull();
    expect(gstinCheckCharacter(GSTIN_MH.slice(0, 14))).toBe('V');
    expect(gstinCheckCharacter(GSTIN_KA.slice(0, 14))).toBe('4');
    expect(gstinError(GSTIN_MH, 'AAPFU0939F')).toBeNull();
  });
  it('gives a valid GSTIN as the example in its format message', () => {
    const example = /e\.g\. (\w{15})/.exec(gstinError('X')!)![1]!;
    expect(gstinError(example)).toBeNull();
  });
  it('refuses a wrong check character', () => {
    expect(gstinError('27AAPFU0939F1ZW')).toBe('The GSTIN is mistyped: its last character (the check character) does not match the rest.');
    // One mistyped digit in the middle, the check character unchanged.
    expect(gstinError('27AAPFU0938F1ZV')).toMatch(/check character/);
  });
  it('refuses a state code outside 01–38, 97 and 99', () => {
    // Each with the check character right for it, so only the state code is wrong.
    for (const state of ['00', '39', '50', '96', '98']) {
      const first14 = `${state}AAPFU0939F1Z`;
      expect(gstinError(first14 + gstinCheckCharacter(first14)), state).toBe(`The GSTIN starts with ${state}, which is not a GST state code (01–38, 97 or 99).`);
    }
    for (const state of ['01', '36', '37', '38', '97', '99']) expect(isGstStateCode(state), state).toBe(true);
  });
  it('refuses a GSTIN whose PAN differs from the PAN given', () => {
    expect(gstinError(GSTIN_MH, 'ABCPE1234F')).toBe('The GSTIN holds the PAN AAPFU0939F, not the PAN given (ABCPE1234F).');
  });
  it('refuses other shapes, naming the GSTIN', () => {
    for (const g of ['27AAPFU0939F1Z', '27AAPFU0939F1AV', '27AAPFU0939F0ZV', 'XXAAPFU0939F1ZV', '27aapfu0939f1zv']) expect(gstinError(g), g).toMatch(/^The GSTIN must be 15 characters/);
  });
});

describe('IFSC and account number', () => {
  it('accepts AAAA0XXXXXX and refuses the rest, naming the IFSC', () => {
    for (const ifsc of ['SBIN0001234', 'HDFC0ABC123', 'ICIC0000001']) expect(ifscError(ifsc), ifsc).toBeNull();
    for (const ifsc of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SBIN0-01234']) expect(ifscError(ifsc), ifsc).toMatch(/^The IFSC must be 11 characters/);
  });
  it('takes 9 to 18 digits and masks all but the last 4', () => {
    expect(accountNumberError('000123456789')).toBeNull();
    for (const n of ['12345678', '1234567890123456789', '12345ABC90']) expect(accountNumberError(n)).toMatch(/bank account number/);
    expect(maskAccountNumber('000123451234')).toBe('XXXXXXXX1234');
  });
});

describe('the payout account body', () => {
  const good = {
    legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'aapfu 0939f', gstin: GSTIN_MH.toLowerCase(),
    accountNumber: '0001 2345 6789', ifsc: 'sbin0001234', beneficiaryName: 'Balaji Cement Traders',
  };
  it('normalises spacing and case', () => {
    expect(ZPayoutAccountBody.parse(good)).toMatchObject({ pan: 'AAPFU0939F', gstin: GSTIN_MH, accountNumber: '000123456789', ifsc: 'SBIN0001234' });
    expect(ZPayoutAccountBody.parse({ ...good, gstin: '' }).gstin).toBeUndefined();
  });
  it('names the field of each error in its path and its message', () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ pan: 'AAPFU0939' }, 'pan', /PAN/],
      [{ gstin: '27AAPFU0939F1ZW' }, 'gstin', /GSTIN/],
      [{ gstin: '29AAGCB7383J1Z4' }, 'gstin', /GSTIN holds the PAN AAGCB7383J/],
      [{ ifsc: 'SBIN1234567' }, 'ifsc', /IFSC/],
      [{ accountNumber: '12' }, 'accountNumber', /bank account number/],
      [{ legalName: '' }, 'legalName', /legal business name/],
      [{ beneficiaryName: ' ' }, 'beneficiaryName', /beneficiary name/],
      [{ businessType: 'trust' }, 'businessType', /business type/],
    ];
    for (const [change, field, message] of cases) {
      const parsed = ZPayoutAccountBody.safeParse({ ...good, ...change });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error!.issues).toHaveLength(1);
      expect(parsed.error!.issues[0]!.path, field).toEqual([field]);
      expect(parsed.error!.issues[0]!.message, field).toMatch(message);
    }
  });
});
