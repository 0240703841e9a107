import { z } from 'zod';
import { LOCALES } from './i18n.ts';

/**
 * WhatsApp updates (issue 36): the customer's and the vendor's setting, the number to use and the consent to it.
 * The number is an Indian mobile number, stored as +91 and ten digits.
 */

export const WHATSAPP_PHONE_MESSAGE = 'Please enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (with or without +91).';

/** Where consent was given: the screen that showed the unticked box. */
export const WHATSAPP_CONSENT_SOURCES = ['signup', 'checkout', 'booking', 'profile', 'vendor-settings'] as const;

/**
 * `+91` and the ten digits of an Indian mobile number written any usual way (spaces, dashes, a leading 0, +91, 91),
 * or null when it is not one. Mobile numbers start with 6, 7, 8 or 9.
 */
export function normaliseIndianMobile(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '');
  const m = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(digits);
  return m ? `+91${m[1]}` : null;
}

export const ZWhatsAppPhone = z.string().trim().max(20, WHATSAPP_PHONE_MESSAGE).transform((v, ctx) => {
  const n = normaliseIndianMobile(v);
  if (!n) {
    ctx.addIssue({ code: 'custom', message: WHATSAPP_PHONE_MESSAGE });
    return z.NEVER;
  }
  return n;
});

export const ZWhatsAppLanguage = z.enum(LOCALES);

/** PUT /api/me/whatsapp and /api/vendor/whatsapp. Unticking (consent false) ends the consent at once; the number stays. */
export const ZWhatsAppSettingBody = z.object({
  phone: ZWhatsAppPhone,
  consent: z.boolean(),
  language: ZWhatsAppLanguage.optional(),
  source: z.enum(WHATSAPP_CONSENT_SOURCES).optional(),
});
export type WhatsAppSettingBody = z.input<typeof ZWhatsAppSettingBody>;

export const ZWhatsAppSetting = z.object({
  phone: z.string().nullable(),
  consent: z.boolean(),
  language: ZWhatsAppLanguage.nullable(),
  /** When the consent in force was given (ISO), and on which screen; null without consent. */
  consentedAt: z.string().nullable(),
  source: z.string().nullable(),
  /** Whether WhatsApp is on for this deployment (false: email only). */
  available: z.boolean(),
});
export type WhatsAppSetting = z.infer<typeof ZWhatsAppSetting>;

/**
 * The optional consent the signup, checkout and booking forms send along with their own fields (`whatsapp` on
 * /profiledata, /ordercart and /api/booking): stored in the same transaction as the account, order or booking, with
 * the screen it was given on, so it is kept only if that succeeds and that change's own messages already follow it.
 * `consent: false` (the box left unticked) changes nothing: a consent given before stays.
 */
export const ZWhatsAppOptIn = z.object({ phone: ZWhatsAppPhone, consent: z.boolean() });
export type WhatsAppOptIn = z.input<typeof ZWhatsAppOptIn>;
