import { z } from 'zod';
import { text } from './text.ts';

/**
 * Money out (decision record 017): Indian tax and bank identifiers, checked the same way by the server, the vendor
 * portal and, later, GST invoices and checkout. Each check returns null when the value is good, or a message that
 * names the field.
 */

/**
 * The platform's default commission in basis points (decision record 017): migration 0015 seeds these, and a demo
 * reset (`npm run seed -- --reset`, which empties every table) puts them back.
 */
export const COMMISSION_DEFAULT_BPS = { materials: 500, services: 1000 } as const;

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The 4th letter of a PAN says who holds it: Person, Company, HUF, Firm, AOP, Trust, BOI, Local authority,
 * artificial Juridical person, Government, and E for an LLP.
 */
export const PAN_HOLDER_TYPES = 'ABCEFGHJLPT';

/** GST state codes: 01–38 (38 is Ladakh), 97 Other Territory, 99 Centre Jurisdiction. */
export function isGstStateCode(code: string): boolean {
  if (!/^\d{2}$/.test(code)) return false;
  const n = Number(code);
  return (n >= 1 && n <= 38) || n === 97 || n === 99;
}

/** `AAAAA9999A`: five letters (the 4th the holder type), four digits, a letter. Upper case. */
export function panError(pan: string): string | null {
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) return 'The PAN must be 10 characters: 5 letters, 4 digits and a letter (e.g. ABCPE1234F).';
  if (!PAN_HOLDER_TYPES.includes(pan[3]!)) return `The PAN's 4th letter is the holder type (${PAN_HOLDER_TYPES.split('').join(', ')}): ${pan[3]} is none of them.`;
  return null;
}

/**
 * The GSTIN's 15th character: over the first 14, each character's value (0–9, A–Z → 0–35) times 1 or 2
 * alternately from the left; each product's quotient and remainder by 36 are added; the check is the sum's
 * complement to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = ALNUM.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALNUM[(36 - (sum % 36)) % 36]!;
}

/**
 * A regular taxpayer's GSTIN: state code, the holder's PAN, an entity number (1–9, A–Z), `Z`, the check
 * character. With `pan`, the PAN inside (characters 3–12) must be that one.
 */
export function gstinError(gstin: string, pan?: string): string | null {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) {
    return 'The GSTIN must be 15 characters: a 2-digit state code, the 10-character PAN, an entity number, Z and a check character (e.g. 36ABCPE1234F1ZC).';
  }
  if (!isGstStateCode(gstin.slice(0, 2))) return `The GSTIN starts with ${gstin.slice(0, 2)}, which is not a GST state code (01–38, 97 or 99).`;
  const inner = panError(gstin.slice(2, 12));
  if (inner) return `The GSTIN's characters 3 to 12 must be a PAN. ${inner}`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'The GSTIN is mistyped: its last character (the check character) does not match the rest.';
  if (pan !== undefined && gstin.slice(2, 12) !== pan) return `The GSTIN holds the PAN ${gstin.slice(2, 12)}, not the PAN given (${pan}).`;
  return null;
}

/** `AAAA0XXXXXX`: the bank's 4 letters, a zero, the branch's 6 letters or digits. */
export function ifscError(ifsc: string): string | null {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc) ? null : 'The IFSC must be 11 characters: 4 letters, a zero and 6 letters or digits (e.g. SBIN0001234).';
}

/** Indian bank account numbers are 9 to 18 digits. */
export function accountNumberError(accountNumber: string): string | null {
  return /^\d{9,18}$/.test(accountNumber) ? null : 'The bank account number must be 9 to 18 digits.';
}

/** What a payout account shows after it is saved: every digit but the last 4 hidden. */
export const maskAccountNumber = (accountNumber: string) => `${'X'.repeat(Math.max(accountNumber.length - 4, 0))}${accountNumber.slice(-4)}`;

/**
 * A PAN as anyone but its holder sees it (the operator console, decision record 015): the last 4 characters
 * (`XXXXXX234F`), enough to match the uploaded PAN card, too little to reuse the number.
 */
export const maskPan = (pan: string) => `XXXXXX${pan.slice(-4)}`;

export const PAYOUT_BUSINESS_TYPES = ['individual', 'proprietorship', 'partnership', 'llp', 'private_limited', 'public_limited'] as const;
export type PayoutBusinessType = (typeof PAYOUT_BUSINESS_TYPES)[number];
export const PAYOUT_BUSINESS_TYPE_LABELS: Record<PayoutBusinessType, string> = {
  individual: 'Individual', proprietorship: 'Sole proprietorship', partnership: 'Partnership', llp: 'LLP',
  private_limited: 'Private limited company', public_limited: 'Public limited company',
};
/**
 * `not_submitted` until the vendor saves the form; `pending` after each save until the gateway's linked account
 * (Razorpay Route, decision record 018) is reviewed (`under_review`), activated (`activated`), asks for more
 * (`needs_clarification`) or is suspended or rejected (`suspended`). Only `activated` receives transfers.
 */
export const PAYOUT_ACCOUNT_STATUSES = ['not_submitted', 'pending', 'activated', 'needs_clarification', 'under_review', 'suspended'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

const upper = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v);
const name = (label: string) => text().trim().min(2, `Please enter the ${label}.`).max(120, `The ${label} can have at most 120 characters.`);
const checked = (label: string, check: (v: string) => string | null) =>
  z.preprocess(upper, z.string(`Please enter the ${label}.`).max(40, `The ${label} is too long.`).superRefine((v, ctx) => {
    const problem = check(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }));

/** PUT /api/vendor/payout-account: the whole account each time. Spaces are dropped and letters upper-cased. */
export const ZPayoutAccountBody = z.object({
  legalName: name('legal business name'),
  businessType: z.enum(PAYOUT_BUSINESS_TYPES, `The business type is one of: ${PAYOUT_BUSINESS_TYPES.join(', ')}.`),
  pan: checked('PAN', panError),
  gstin: z.preprocess((v) => (v === '' || v === null ? undefined : upper(v)), z.string('The GSTIN must be text.').max(40, 'The GSTIN is too long.').optional()),
  accountNumber: checked('bank account number', accountNumberError),
  ifsc: checked('IFSC', ifscError),
  beneficiaryName: name('beneficiary name (as the bank holds it)'),
}).superRefine((b, ctx) => {
  if (b.gstin === undefined) return;
  // The PAN's own message already names a bad PAN; only then is the GSTIN checked against it.
  const problem = gstinError(b.gstin, panError(b.pan) ? undefined : b.pan);
  if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
});
export type PayoutAccountBody = z.output<typeof ZPayoutAccountBody>;
export type PayoutAccountInput = z.input<typeof ZPayoutAccountBody>;

/** GET|PUT /api/vendor/payout-account: the account number only ever masked. */
export const ZPayoutAccount = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  legalName: z.string().nullable(),
  businessType: z.enum(PAYOUT_BUSINESS_TYPES).nullable(),
  pan: z.string().nullable(),
  gstin: z.string().nullable(),
  accountNumberMasked: z.string().nullable(),
  ifsc: z.string().nullable(),
  beneficiaryName: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** With `needs_clarification` (or `suspended`): what the payment gateway asked for, in its words; absent otherwise. */
  statusReason: z.string().optional(),
});
export type PayoutAccount = z.infer<typeof ZPayoutAccount>;

/**
 * A vendor's payout account KYC as an operator sees it (decision record 015, amendment "payout KYC"): names, IFSC and
 * GSTIN (printed on the vendor's invoices) whole; the PAN and the bank account number only masked. The patterns
 * refuse an unmasked value, so a server that forgot to mask fails its answer rather than send the number.
 */
export const ZPayoutKycMasked = z.object({
  legalName: z.string(),
  businessType: z.enum(PAYOUT_BUSINESS_TYPES),
  panMasked: z.string().regex(/^X{6}[0-9]{3}[A-Z]$/),
  gstin: z.string().nullable(),
  accountNumberMasked: z.string().regex(/^X+[0-9]{4}$/),
  ifsc: z.string(),
  beneficiaryName: z.string(),
  updatedAt: z.string(),
});
export type PayoutKycMasked = z.infer<typeof ZPayoutKycMasked>;
