import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMessageResponse, ZVerifyOtpAnswer } from '@nirmaan/shared/auth';
import { ZVendorLoginResponse, ZVendorMe } from '@nirmaan/shared/vendor-auth';
import { api, ApiError, rejectRefusal } from '../../../lib/api.ts';
import { vendorMeKey } from '../../../lib/query-keys.ts';

/** The vendor portal's session calls: login by password or code, who is logged in, logout. */


export const loginVendor = (email: string, password: string) =>
  api('/api/vendor/login', { method: 'POST', json: { email, password } }, ZVendorLoginResponse);

export const loginVendorWithOtp = (email: string) =>
  api('/api/vendor/login-with-otp', { method: 'POST', json: { email } }, ZVendorLoginResponse);

export const sendVendorOtp = (email: string) =>
  api('/sendotp', { method: 'POST', json: { Email: email, purpose: 'vendor-login' } }, ZMessageResponse);

/** A wrong, expired or used code is refused in a 200 answer (docs/decisions/013): thrown like a 4xx refusal. */
export const verifyOtp = async (email: string, otp: string) =>
  rejectRefusal(await api('/verifyotp', { method: 'POST', json: { Email: email, otp } }, ZVerifyOtpAnswer));

/**
 * The logged-in vendor, or null when this browser has no vendor session (none, expired, or a customer's).
 * Other failures (network, 5xx) stay errors, so a blip does not log the vendor out of the page.
 */
export function useVendorMe() {
  return useQuery({
    queryKey: vendorMeKey,
    queryFn: ({ signal }) => fetchVendorMe(signal),
    staleTime: 5 * 60_000,
  });
}

async function fetchVendorMe(signal?: AbortSignal) {
  try {
    return await api('/api/vendor/me', { cache: 'no-store', ...(signal ? { signal } : {}) }, ZVendorMe);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

/** After a login: the session's vendor, replacing any answer that was on its way from before it. */
export function useRefreshVendorMe() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: vendorMeKey });
    loggedOutOnPurpose = false;
    client.setQueryData(vendorMeKey, await fetchVendorMe());
  };
}

/**
 * Whether the vendor logged out on purpose: the frame then sends them to the login plainly, rather than with a
 * way back to the page as it does for a session that ended by itself.
 */
let loggedOutOnPurpose = false;
export const loggedOutByChoice = () => loggedOutOnPurpose;

/** Ends the vendor's session; the frame, seeing nobody, goes to the vendor login. */
export function useVendorLogout() {
  const client = useQueryClient();
  return async () => {
    await api('/api/logout', { method: 'POST' }).catch(() => undefined);
    loggedOutOnPurpose = true;
    client.setQueryData(vendorMeKey, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== vendorMeKey[0] && String(q.queryKey[0]).startsWith('vendor') });
  };
}

/** After an operator rejected the signup: sends the fixed details back to the review queue. */
export function useResubmit() {
  const client = useQueryClient();
  return async () => {
    const res = await api('/api/vendor/resubmit', { method: 'POST' }, ZMessageResponse);
    await client.invalidateQueries({ queryKey: vendorMeKey });
    return res.message;
  };
}
