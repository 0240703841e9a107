import { describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import type { z } from 'zod';
import { ZVendorProductBody } from '@nirmaan/shared/vendor-products';
import { ZVendorProfileBody, ZVendorProjectBody } from '@nirmaan/shared/vendor-account';
import { ZDeliverySettings } from '@nirmaan/shared/delivery';
import { messages as hi } from '../../src/locales/hi.po';
import { messages as te } from '../../src/locales/te.po';
import { messages as mr } from '../../src/locales/mr.po';
import { FORM_MESSAGES } from '../../src/lib/form-messages.ts';
import { i18nWith } from '../../src/lib/i18n.ts';
import { term } from '../../src/lib/terms.ts';

/**
 * Issue 33: the checks the portal's long forms run in the browser speak the page's language. The messages are the
 * shared schemas' own (the wire and the server keep English), found by their exact English: so a schema's message
 * that the table does not hold, or holds in other words, fails here.
 */

const CATALOGUES: Record<'hi' | 'te' | 'mr', Messages> = { hi, te, mr };
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  expect(parsed.success).toBe(false);
  return [...new Set(parsed.error!.issues.map((i) => i.message))];
};

const BAD_PRODUCT = {
  ProductName: 'x', ProductCategory: 'Nothing', ProductBrand: '', ProductPrice: 12.345, ProductMrp: 0, ProductUnit: '', Stock: -1.5,
  ProductLocation: 'Pune', ProductDescription: 'short', Tag: 'x'.repeat(31), ProductHsn: '12', ProductGstRate: -5, ProductWeightKg: 0,
  ProductVolumeM3: 0, ProductUrl: [], QuantityBreaks: [],
};

describe('the portal forms’ checks in a language', () => {
  it('every message of a badly filled product, profile, project and rate card is in the table, and each language says it in its own words', () => {
    const seen = [
      ...messagesOf(ZVendorProductBody, BAD_PRODUCT),
      ...messagesOf(ZVendorProfileBody, {
        Business_Name: '', Owner_name: 'Ganesh Patil', Business_Description: 'x'.repeat(2_001), Business_address: '', City: 'Pune',
        Profile_Image: 'https://example.com/a.png', Category: 'Cement', Sub_Category: [''], Charge_Per_Hour_or_Day: 10.5,
      }),
      ...messagesOf(ZVendorProjectBody, { title: '', category: '', description: '', image: '' }),
      ...messagesOf(ZDeliverySettings, {
        dispatch: { pincode: null, lat: null, lng: null }, radiusKm: 0.5, areaRules: [], vehicles: [], unloadingPerFloorPaise: -1,
        minimumOrderPaise: 0.5, freeDeliveryFromPaise: 10_000_000_000, leadDays: -1, weekdays: [], cutoff: '2 pm',
      }),
    ].filter((m) => !/^(Invalid|Expected|Required)/i.test(m));
    expect(seen.length).toBeGreaterThan(10);
    const missing = seen.filter((m) => !Object.hasOwn(FORM_MESSAGES, m));
    expect(missing).toEqual([]);
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      const i18n = i18nWith(locale as 'hi', catalogue);
      for (const m of seen) expect(term(i18n, m), `${locale}: ${m}`).not.toBe(m);
    }
  });

  it('a product’s price check reads in Hindi, Telugu and Marathi', () => {
    expect(term(i18nWith('hi', hi), 'Enter the price in rupees.')).toBe('कीमत रुपये में लिखें।');
    expect(term(i18nWith('te', te), 'Add at least one image.')).toBe('కనీసం ఒక ఫోటో జోడించండి.');
    expect(term(i18nWith('mr', mr), 'The MRP cannot be lower than the price.')).toBe('MRP किमतीपेक्षा कमी असू शकत नाही.');
  });
});
