import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionCookie } from './support/auth.ts';
import { createCustomer } from './support/factories.ts';

const CLIENT_ID = 'nirmaan-test.apps.googleusercontent.com';
let jwks: Server;
let jwksUrl: string;
let key: CryptoKey;
let strangerKey: CryptoKey;
let t: TestApp;

/** A local server that publishes a JWKS the way Google's certs endpoint does. */
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/oauth2/v3/certs`;
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl });
});
afterAll(async () => {
  await t.close();
  jwks.close();
});

let n = 0;
async function token(claims: Record<string, unknown> = {}, opts: { signWith?: CryptoKey; aud?: string; iss?: string; exp?: number } = {}) {
  return new SignJWT({ email: `g${++n}@gmail.test`, email_verified: true, name: 'Vikram Singh', picture: 'https://lh3.example/p.png', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
    .setSubject(`google-sub-${n}`)
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(opts.signWith ?? key);
}

const login = (credential: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: '/google-login/customer', payload: { credential, ...body } });

describe('Google sign-in', () => {
  it('creates the customer from a valid token and logs them in', async () => {
    const res = await login(await token({ email: 'Vikram.Singh@gmail.test' }), { email: 'attacker@example.test', name: 'Mallory' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Success', user: { Full_Name: 'Vikram Singh' } });
    const cookie = sessionCookie(res);
    const profile = await t.app.inject({ method: 'GET', url: `/myprofile/${body.user._id}`, headers: { cookie: `nirmaan_session=${cookie.value}` } });
    expect(profile.json()).toMatchObject({ Emailaddress: 'vikram.singh@gmail.test', Location: 'Google' });
    // No password was made from the Google id: password login cannot work for this account.
    const pw = await t.app.inject({ method: 'POST', url: '/fetch/userprofile', payload: { email: 'vikram.singh@gmail.test', password: 'google-sub-1' } });
    // Refused in a 200 answer the original client reads, with no user and no session (docs/decisions/013).
    expect(pw.statusCode).toBe(200);
    expect(pw.json()).toEqual({ message: 'Invalid email or password.', code: 'UNAUTHENTICATED' });
    expect(pw.headers['set-cookie']).toBeUndefined();
  });

  it('logs an existing customer with the same verified email into their account', async () => {
    const existing = await createCustomer(t.db, { email: 'sunita@gmail.test', fullName: 'Sunita Patil' });
    const res = await login(await token({ email: 'sunita@gmail.test', name: 'Sunita P' }));
    expect(res.json().user).toEqual({ _id: existing.id, Full_Name: 'Sunita Patil' });
  });

  const refusals: [string, () => Promise<string>][] = [
    ['a wrong audience', () => token({}, { aud: 'someone-else.apps.googleusercontent.com' })],
    ['a wrong issuer', () => token({}, { iss: 'https://evil.example' })],
    ['an expired token', () => token({}, { exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['a bad signature', () => token({}, { signWith: strangerKey })],
    ['an unverified email', () => token({ email_verified: false })],
  ];
  for (const [what, make] of refusals) {
    it(`refuses ${what} with 401 and sets no cookie`, async () => {
      const res = await login(await make());
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().message).toBe('string');
      expect(res.cookies.find((c) => c.name === 'nirmaan_session')).toBeUndefined();
    });
  }

  it('refuses a token that is not a JWT at all', async () => {
    const res = await login('x'.repeat(40));
    expect(res.statusCode).toBe(401);
  });
});
