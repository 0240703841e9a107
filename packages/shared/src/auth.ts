import { z } from 'zod';
import { SIGNUP_LOCATIONS } from './constants.ts';
import { LOCALES } from './i18n.ts';
import { ZWhatsAppOptIn } from './whatsapp.ts';

/** Accounts: wire schemas of the original client's login, signup, OTP, reset and profile calls. */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.'));
const password = z.string()
  .min(PASSWORD_MIN, `Passwords need at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Passwords can have at most ${PASSWORD_MAX} characters.`);
const fullName = z.string().trim().min(2, 'Please enter your full name.').max(100, 'Names can have at most 100 characters.');
const phone = z.string().trim().regex(/^(\+91[\s-]?)?[6-9]\d{9}$/, 'Please enter a 10-digit Indian mobile number.');
const location = z.string().trim().min(1, 'Please choose a location.').max(60);
/** The same rules for vendor accounts (vendor-account.ts). */
export { password as ZPassword, phone as ZIndianPhone, fullName as ZFullName };

/**
 * What a code is for. `login` and `reset` need an existing customer account, `signup` a new email;
 * `vendor-login` needs a vendor account and `vendor-signup` an email no vendor has. The check happens
 * before any mail goes out. Without it (the spec's payload) any email gets a code.
 */
export const OTP_PURPOSES = ['login', 'signup', 'reset', 'vendor-login', 'vendor-signup'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export const ZSendOtpBody = z.object({ Email: ZEmail, purpose: z.enum(OTP_PURPOSES).optional() });
export const ZVerifyOtpBody = z.object({
  Email: ZEmail,
  otp: z.string().trim().regex(/^\d{6}$/, 'Invalid OTP'),
});
export const ZPasswordLoginBody = z.object({ email: ZEmail, password: z.string().min(1, 'Please provide both email and password.').max(PASSWORD_MAX) });
export const ZOtpLoginBody = z.object({ email: ZEmail });
export const ZSignupBody = z.object({
  Full_Name: fullName,
  Emailaddress: ZEmail,
  Phone_Number: phone,
  Password: password,
  Location: z.enum(SIGNUP_LOCATIONS, 'Please choose Hyderabad or Mumbai.'),
  /** Optional (spec clients never send it): the box "Send me order and booking updates on WhatsApp" ticked at signup. */
  whatsapp: ZWhatsAppOptIn.optional(),
});
export const ZResetPasswordBody = z.object({ email: ZEmail, password });
export const ZGoogleLoginBody = z.object({
  /** The Google ID token; the other fields are read from it, never trusted from the body. */
  credential: z.string().min(20, 'Google sign-in failed: no credential.').max(8192),
  email: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
export const ZProfileUpdateBody = z.object({ Full_Name: fullName, Phone_Number: phone, Location: location });

export const ZUserRef = z.object({ _id: z.string(), Full_Name: z.string() });
export type UserRef = z.infer<typeof ZUserRef>;
export const ZLoginResponse = z.object({ message: z.literal('Success'), user: ZUserRef });
export const ZMessageResponse = z.object({ message: z.string() });
/**
 * A refusal the user must read, on the spec's login calls (`/fetch/userprofile`, `/verifyotp`, `/login-with-otp`):
 * the original client shows `message` only from a 2xx answer, so these answer 200 with the message, the error code
 * and no `user` (docs/decisions/013). Limits (429) and malformed bodies (400) keep their statuses.
 */
export const ZLoginRefusal = z.object({ message: z.string(), code: z.string() });
export const ZLoginAnswer = z.union([ZLoginResponse, ZLoginRefusal]);
/** `/verifyotp`: "OTP verified", or a refusal (`code` set). */
export const ZVerifyOtpAnswer = z.object({ message: z.string(), code: z.string().optional() });
export const ZProfile = z.object({
  _id: z.string(),
  Full_Name: z.string(),
  Emailaddress: z.string(),
  Phone_Number: z.string(),
  Location: z.string(),
});
export type Profile = z.infer<typeof ZProfile>;
export const ZSessionResponse = z.object({ user: ZUserRef.nullable() });
export const ZUserIdParams = z.object({ userid: z.uuid('That link is not valid: the id is malformed.') });

/** What the web app needs to know of the server's configuration. */
export const ZClientConfig = z.object({
  /** Google sign-in's OAuth client id; null hides the social buttons. */
  googleClientId: z.string().nullable(),
  /** Whether online and UPI payment are offered (false in production without Razorpay keys). */
  onlinePayment: z.boolean().default(true),
  /** Razorpay's checkout.js, loaded only when paying; null when no gateway is configured. */
  razorpayCheckoutUrl: z.string().nullable().default(null),
});
export type ClientConfig = z.infer<typeof ZClientConfig>;

export const ZMailboxMessage = z.object({
  to: z.string(), subject: z.string(), text: z.string(), html: z.string(), created: z.string(),
});

/**
 * `PUT /api/me/language` (a customer) and `PUT /api/vendor/language` (a vendor), issue 33: the account's language,
 * which its mails are written in. One of the four codes of `@nirmaan/shared/i18n` (LOCALES).
 */
export const LANGUAGE_MSG = { unknown: 'Please choose one of the languages: en, hi, te or mr.' } as const;
export const ZLanguageBody = z.object({ language: z.enum(LOCALES, { message: LANGUAGE_MSG.unknown }) });
export type LanguageBody = z.infer<typeof ZLanguageBody>;
export const ZLanguageResponse = z.object({ language: z.enum(LOCALES) });
