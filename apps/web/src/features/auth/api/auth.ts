import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZLoginAnswer, ZLoginResponse, ZMessageResponse, ZVerifyOtpAnswer, type OtpPurpose, type UserRef,
  type ZGoogleLoginBody, type ZSignupBody,
} from '@nirmaan/shared/auth';
import { api, rejectRefusal } from '../../../lib/api.ts';
import { clientConfigQuery } from '../../../lib/queries.ts';
import { storeUser } from '../../../lib/session.ts';

/** The calls of docs/api-contract.md behind the Login, Signup and Forgot password screens. */

export const sendOtp = (email: string, purpose: OtpPurpose) =>
  api('/sendotp', { method: 'POST', json: { Email: email, purpose } }, ZMessageResponse);

// A wrong password or a wrong, expired or used code is refused in a 200 answer without `user`: rejectRefusal
// throws it like a 4xx refusal, so success is still exactly the answer that brings the user (or "OTP verified").

export const verifyOtp = async (email: string, otp: string) =>
  rejectRefusal(await api('/verifyotp', { method: 'POST', json: { Email: email, otp } }, ZVerifyOtpAnswer));

export const loginWithPassword = async (email: string, password: string) =>
  rejectRefusal(await api('/fetch/userprofile', { method: 'POST', json: { email, password } }, ZLoginAnswer));

export const loginWithOtp = async (email: string) =>
  rejectRefusal(await api('/login-with-otp', { method: 'POST', json: { email } }, ZLoginAnswer));

export type SignupInput = z.input<typeof ZSignupBody>;
/** What Google's token says of the account, sent beside it (the server reads them from the token itself). */
export type GoogleClaims = Omit<z.input<typeof ZGoogleLoginBody>, 'credential'>;

export const signUp = (body: SignupInput) => api('/profiledata', { method: 'POST', json: body }, ZMessageResponse);

export const resetPassword = (email: string, password: string) =>
  api('/forgetpassword', { method: 'PUT', json: { email, password } }, ZMessageResponse);

export const googleLogin = (credential: string, claims: GoogleClaims) =>
  api('/google-login/customer', { method: 'POST', json: { credential, ...claims } }, ZLoginResponse);

/** The customer is logged in on the server (cookie); the UI keeps the spec's display keys. */
export const rememberUser = (user: UserRef) => storeUser(user._id, user.Full_Name);

export { failureText } from '../../../lib/api.ts';

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}
