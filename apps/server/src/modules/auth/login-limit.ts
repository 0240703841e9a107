import { takeAll, type LimitRule, type RateLimiter, type Slot } from '../../lib/rate-limit.ts';

export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_WINDOW_MINUTES = 15;
/** Failed logins from one network across all accounts: bounds guessing and locking other people out. */
export const NETWORK_LOGIN_FAILURES_ALLOWED = 30;

const PER_ACCOUNT: LimitRule = {
  limit: LOGIN_FAILURES_ALLOWED, minutes: LOGIN_WINDOW_MINUTES,
  message: (wait) => `Too many failed logins. Please try again in ${wait} or reset your password.`,
};
const PER_NETWORK: LimitRule = {
  limit: NETWORK_LOGIN_FAILURES_ALLOWED, minutes: LOGIN_WINDOW_MINUTES,
  message: (wait) => `Too many failed logins from your network. Please try again in ${wait}.`,
};

export const accountBucket = (email: string) => `login:${email.toLowerCase()}`;

/**
 * Takes a failure slot per account and per network before the password is checked, so racing guesses
 * cannot exceed either limit; a correct password gives the slots back.
 */
export const takeLoginSlots = (limiter: RateLimiter, email: string, ip: string): Promise<Slot[]> =>
  takeAll(limiter, [[accountBucket(email), PER_ACCOUNT], [`login-ip:${ip}`, PER_NETWORK]]);

/** A proven owner (OTP login, password reset) lifts the account's lock. */
export const clearLoginFailures = (limiter: RateLimiter, email: string) => limiter.clear(accountBucket(email));
