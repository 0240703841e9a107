import { describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import type { z } from 'zod';
import { QUANTITY_BREAK_MSG, ZVendorProductBody } from '@nirmaan/shared/vendor-products';
import { DELIVERY_REFUSAL } from '@nirmaan/shared/delivery';
import { chooseProductTax } from '@nirmaan/shared/gst';
import { ZVendorProfileBody, ZVendorProjectBody } from '@nirmaan/shared/vendor-account';
import { ZDeliverySettings } from '@nirmaan/shared/delivery';
import { messages as hi } from '../../src/locales/hi.po';
import { messages as te } from '../../src/locales/te.po';
import { messages as mr } from '../../src/locales/mr.po';
import { FORM_MESSAGES } from '../../src/lib/form-messages.ts';
import { i18nWith } from '../../src/lib/i18n.ts';
import { term } from '../../src/lib/terms.ts';
import '../../src/lib/delivery-reasons.ts';

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

  it('the checks and delivery reasons written with values at run time read in each language, their figures as written (decision record 050)', () => {
    const base = { ...BAD_PRODUCT, ProductName: 'UltraTech PPC', ProductCategory: 'Cement', ProductBrand: 'UltraTech', ProductPrice: 430, ProductMrp: null, ProductUnit: 'bag', Stock: 10, ProductLocation: 'Hyderabad', ProductDescription: 'Portland pozzolana cement.', Tag: null, ProductHsn: null, ProductGstRate: null, ProductWeightKg: null, ProductVolumeM3: null, ProductUrl: [`/uploads/${'a'.repeat(64)}.webp`] };
    const breaks = (QuantityBreaks: { minQuantity: number; pricePaise: number }[]) => messagesOf(ZVendorProductBody, { ...base, QuantityBreaks });
    const tax = (category: string, hsn: string | null, rate: number | null) => {
      const result = chooseProductTax(category, hsn, rate);
      return result.ok ? '' : result.message;
    };
    const seen: [string, string[]][] = [
      [breaks([{ minQuantity: 120, pricePaise: 40_000 }, { minQuantity: 120, pricePaise: 39_000 }])[0]!, ['120']],
      [breaks([{ minQuantity: 50, pricePaise: 40_000 }, { minQuantity: 120, pricePaise: 41_050 }])[0]!, ['120', '₹410.50', '50', '₹400']],
      [breaks([{ minQuantity: 50, pricePaise: 4_35_000 }])[0]!, ['50', '₹4,350', '₹430']],
      [QUANTITY_BREAK_MSG.tooMany, ['5']],
      [QUANTITY_BREAK_MSG.quantity, ['999']],
      [tax('Cement', '7214', null), ['7214', '2523']],
      [tax('Paints', '3208', 5), ['3208', '18%']],
      [DELIVERY_REFUSAL.notDeliveredTo('400001'), ['400001']],
      [DELIVERY_REFUSAL.minimumOrder('₹5,000'), ['₹5,000']],
      [DELIVERY_REFUSAL.tooLarge(30), ['30']],
    ];
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      const i18n = i18nWith(locale as 'hi', catalogue);
      for (const [english, figures] of seen) {
        const shown = term(i18n, english);
        expect(shown, `${locale}: ${english}`).not.toBe(english);
        expect(shown, `${locale}: ${english}`).not.toMatch(/\b(price|quantity|must|deliver|vehicle)\b/i);
        for (const figure of figures) expect(shown, `${locale}: ${english}`).toContain(figure);
      }
    }
    // The categories a seller has no vehicle for are catalogue words, each in the language.
    expect(term(i18nWith('hi', hi), DELIVERY_REFUSAL.noVehicle('Steel with Cement'))).toBe('इस सेलर की कोई गाड़ी स्टील, सीमेंट नहीं ले जाती');
  });
});
