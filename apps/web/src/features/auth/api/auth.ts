import { useQuery } from '@tanstack/react-query';
import {
  ZClientConfig, ZLoginResponse, ZMessageResponse, type OtpPurpose, type UserRef,
} from '@nirmaan/shared/auth';
import { api } from '../../../lib/api.ts';
import { storeUser } from '../../../lib/session.ts';

/** The calls of SPEC.md §7 behind the Login, Signup and Forgot password screens. */

export const sendOtp = (email: string, purpose: OtpPurpose) =>
  api('/sendotp', { method: 'POST', json: { Email: email, purpose } }, ZMessageResponse);

export const verifyOtp = (email: string, otp: string) =>
  api('/verifyotp', { method: 'POST', json: { Email: email, otp } }, ZMessageResponse);

export const loginWithPassword = (email: string, password: string) =>
  api('/fetch/userprofile', { method: 'POST', json: { email, password } }, ZLoginResponse);

export const loginWithOtp = (email: string) =>
  api('/login-with-otp', { method: 'POST', json: { email } }, ZLoginResponse);

export interface SignupInput {
  Full_Name: string;
  Emailaddress: string;
  Phone_Number: string;
  Password: string;
  Location: string;
}

export const signUp = (body: SignupInput) => api('/profiledata', { method: 'POST', json: body }, ZMessageResponse);

export const resetPassword = (email: string, password: string) =>
  api('/forgetpassword', { method: 'PUT', json: { email, password } }, ZMessageResponse);

export const googleLogin = (credential: string, claims: { email?: string; name?: string; picture?: string }) =>
  api('/google-login/customer', { method: 'POST', json: { credential, ...claims } }, ZLoginResponse);

/** The customer is logged in on the server (cookie); the UI keeps the spec's display keys. */
export const rememberUser = (user: UserRef) => storeUser(user._id, user.Full_Name);

export { failureText } from '../../../lib/api.ts';

export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => api('/api/config', {}, ZClientConfig),
    staleTime: Infinity,
  });
}
