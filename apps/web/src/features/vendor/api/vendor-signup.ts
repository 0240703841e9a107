import { ZMessageResponse } from '@nirmaan/shared/auth';
import type { VendorSignupBody } from '@nirmaan/shared/vendor-account';
import { api } from '../../../lib/api.ts';

/** Vendor signup: a code for an email no vendor has, then the account (unapproved until an admin approves it). */
export const sendVendorSignupOtp = (email: string) =>
  api('/sendotp', { method: 'POST', json: { Email: email, purpose: 'vendor-signup' } }, ZMessageResponse);

export const signUpVendor = (body: VendorSignupBody) =>
  api('/api/vendor/signup', { method: 'POST', json: body }, ZMessageResponse);
