import type { Response } from 'light-my-request';
import { expect } from 'vitest';

/**
 * A refusal on the spec's login calls (/fetch/userprofile, /verifyotp, /login-with-otp; docs/decisions/013): 200,
 * the message the user reads and its code, no user, and no session cookie.
 */
export function expectLoginRefusal(res: Response, message: string, code?: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message, code: code ?? expect.any(String) });
  expect(res.headers['set-cookie'], 'no session cookie').toBeUndefined();
}
