import { z } from 'zod';

/**
 * Vendor sessions: the supply side logs in under the same session, OTP and limit rules as customers, in a
 * role of its own. Password login takes the customer call's body; OTP login follows `/sendotp` with
 * `purpose: 'vendor-login'` and `/verifyotp`.
 */
export { ZPasswordLoginBody as ZVendorLoginBody, ZOtpLoginBody as ZVendorOtpLoginBody } from './auth.ts';

export const VENDOR_KINDS = ['seller', 'professional'] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];

export const ZVendorAccountRef = z.object({
  _id: z.string(),
  Business_Name: z.string(),
  Owner_name: z.string(),
  kind: z.enum(VENDOR_KINDS),
});
export type VendorAccountRef = z.infer<typeof ZVendorAccountRef>;

export const ZVendorLoginResponse = z.object({ message: z.literal('Success'), vendor: ZVendorAccountRef });

/** The logged-in vendor's own account (GET /api/vendor/me). */
export const ZVendorMe = ZVendorAccountRef.extend({
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  Category: z.string(),
  Profile_Image: z.string().nullable(),
  /** False until an admin approves a vendor who signed up; only approved vendors are listed publicly. */
  approved: z.boolean(),
  /** Where the operators' review stands; a rejected vendor sees the reason and may resubmit (POST /api/vendor/resubmit). */
  status: z.enum(['pending', 'approved', 'rejected', 'suspended']).optional(),
  rejectionReason: z.string().nullable().optional(),
});
export type VendorMe = z.infer<typeof ZVendorMe>;

export const VENDOR_AUTH_MSG = {
  invalidLogin: 'Invalid email or password.',
  noVendorAccount: 'No vendor account found for this email.',
  vendorEmailTaken: 'A vendor account with this email already exists. Please log in.',
  resubmitted: 'Thank you. Your details are back in the review queue.',
  notRejected: 'Only a rejected signup can be resubmitted.',
} as const;
