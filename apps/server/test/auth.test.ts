import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { PASSWORD, cookieHeader, createCustomerWithPassword, latestOtp, loginWithPassword, sessionCookie, verifyEmail } from './support/auth.ts';
import { expectLoginRefusal } from './support/refusal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `new-${Date.now()}-${++n}@example.test`;
/** `from.ip` is the client's socket address: X-Forwarded-For is not trusted without TRUST_PROXY. */
const post = (url: string, payload: object, from: { ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload, ...(from.ip ? { remoteAddress: from.ip } : {}) });
const signupBody = (email: string, overrides: object = {}) => ({
  Full_Name: 'Priya Sharma', Emailaddress: email, Phone_Number: '9876543210', Password: 'Tiles&Grout-2026', Location: 'Mumbai', ...overrides,
});
const mailsTo = async (email: string) =>
  ((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json() as { to: string }[]).filter((m) => m.to === email);
const storedCodes = (email: string) => t.db.select().from(otpCodes).where(sql`${otpCodes.email} = ${email}`);

describe('one-time codes', () => {
  it('mails a 6-digit code with its validity, and a correct code verifies once', async () => {
    const email = freshEmail();
    const sent = await post('/sendotp', { Email: email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'OTP sent to your email' });
    const mails = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json();
    const mail = mails.find((m: { to: string }) => m.to === email);
    expect(mail.subject).toMatch(/^Your Nirmaan verification code: \d{6}$/);
    expect(mail.text).toContain('valid for 10 minutes');
    const code = await latestOtp(t.app, email);
    expect(mail.html).toContain(code);

    const stored = await t.db.select().from(otpCodes).where(sql`${otpCodes.email} = ${email}`);
    expect(stored[0]!.codeHash).not.toContain(code);

    expect((await post('/verifyotp', { Email: email, otp: code })).json()).toEqual({ message: 'OTP verified' });
    // A used code: refused in a 200 answer the original client reads (docs/decisions/013).
    expectLoginRefusal(await post('/verifyotp', { Email: email, otp: code }), 'Invalid OTP', 'BAD_REQUEST');
  });

  it('answers "Invalid OTP" to a wrong code, and five wrong tries kill the code', async () => {
    const email = freshEmail();
    await post('/sendotp', { Email: email });
    const code = await latestOtp(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      expectLoginRefusal(await post('/verifyotp', { Email: email, otp: wrong }), 'Invalid OTP', 'BAD_REQUEST');
    }
    expectLoginRefusal(await post('/verifyotp', { Email: email, otp: wrong }), 'Too many wrong tries. Please request a new OTP.');
    expect((await post('/verifyotp', { Email: email, otp: code })).json().message).not.toBe('OTP verified');
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    await post('/sendotp', { Email: email });
    const code = await latestOtp(t.app, email);
    await t.db.update(otpCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${otpCodes.email} = ${email}`);
    expectLoginRefusal(await post('/verifyotp', { Email: email, otp: code }), 'This OTP has expired. Please request a new one.', 'BAD_REQUEST');
  });

  it('only the newest code works', async () => {
    const email = freshEmail();
    await post('/sendotp', { Email: email });
    const first = await latestOtp(t.app, email);
    await post('/sendotp', { Email: email });
    const second = await latestOtp(t.app, email);
    if (first !== second) expectLoginRefusal(await post('/verifyotp', { Email: email, otp: first }), 'Invalid OTP');
    expect((await post('/verifyotp', { Email: email, otp: second })).json()).toEqual({ message: 'OTP verified' });
  });

  it('limits codes to 5 an hour per email, answering 429 with when to retry', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i++) expect((await post('/sendotp', { Email: email }, { ip: `10.1.0.${i}` })).statusCode).toBe(200);
    const sixth = await post('/sendotp', { Email: email }, { ip: '10.1.0.9' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many codes were sent to this email\. Please try again in \d+ minutes?\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits codes to 20 an hour per network address', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) expect((await post('/sendotp', { Email: freshEmail() }, { ip: ip })).statusCode).toBe(200);
    const res = await post('/sendotp', { Email: freshEmail() }, { ip: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many codes were requested from your network. Please try again in an hour.');
  });

  it('rejects a malformed email or code with a message', async () => {
    expect((await post('/sendotp', { Email: 'not-an-email' })).json().message).toBe('Please enter a valid email address.');
    expect((await post('/verifyotp', { Email: 'a@example.test', otp: '12ab' })).json().message).toBe('Invalid OTP');
  });
});

describe('one-time codes for a purpose', () => {
  for (const purpose of ['login', 'reset']) {
    it(`${purpose}: tells an email without an account to sign up, and mails nothing`, async () => {
      const email = freshEmail();
      const res = await post('/sendotp', { Email: email, purpose });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No account found for this email. Please sign up first.');
      expect(await mailsTo(email)).toEqual([]);
      expect(await storedCodes(email)).toEqual([]);
    });
  }

  it('signup: tells an email that has an account to log in, and mails nothing', async () => {
    const c = await createCustomerWithPassword(t.db);
    const res = await post('/sendotp', { Email: c.email.toUpperCase(), purpose: 'signup' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists. Please log in.');
    expect(await mailsTo(c.email)).toEqual([]);
    expect(await storedCodes(c.email)).toEqual([]);
  });

  it('mails a code that leads through login, reset and signup when the purpose fits', async () => {
    const c = await createCustomerWithPassword(t.db);
    const verifyFor = async (email: string, purpose: string) => {
      expect((await post('/sendotp', { Email: email, purpose })).json()).toEqual({ message: 'OTP sent to your email' });
      expect((await post('/verifyotp', { Email: email, otp: await latestOtp(t.app, email) })).json()).toEqual({ message: 'OTP verified' });
    };

    await verifyFor(c.email, 'login');
    expect((await post('/login-with-otp', { email: c.email })).json()).toEqual({ message: 'Success', user: { _id: c.id, Full_Name: c.fullName } });

    await verifyFor(c.email, 'reset');
    expect((await t.app.inject({ method: 'PUT', url: '/forgetpassword', payload: { email: c.email, password: 'New-Bricks-2026' } })).statusCode).toBe(200);

    const email = freshEmail();
    await verifyFor(email, 'signup');
    expect((await post('/profiledata', signupBody(email))).statusCode).toBe(201);

    expect((await storedCodes(c.email)).map((r) => r.purpose).sort()).toEqual(['login', 'reset']);
    expect((await storedCodes(email)).map((r) => r.purpose)).toEqual(['signup']);
  });

  it('without a purpose mails any email a code, as before', async () => {
    const c = await createCustomerWithPassword(t.db);
    const email = freshEmail();
    for (const to of [c.email, email]) {
      const res = await post('/sendotp', { Email: to });
      expect(res.statusCode).toBe(200);
      expect(await mailsTo(to)).toHaveLength(1);
    }
    expect((await storedCodes(c.email)).map((r) => r.purpose)).toEqual(['login']);
    expect((await storedCodes(email)).map((r) => r.purpose)).toEqual(['signup']);
  });

  it('checks the limits first: a throttled email gets 429 whatever the purpose', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i++) expect((await post('/sendotp', { Email: email }, { ip: `10.2.0.${i}` })).statusCode).toBe(200);
    for (const purpose of ['login', 'signup', 'reset']) {
      expect((await post('/sendotp', { Email: email, purpose }, { ip: '10.2.0.9' })).statusCode).toBe(429);
    }
  });

  it('does not count refused requests toward the limits', async () => {
    const c = await createCustomerWithPassword(t.db);
    const ip = { ip: '203.0.113.78' };
    for (let i = 0; i < 20; i++) expect((await post('/sendotp', { Email: c.email, purpose: 'signup' }, ip)).statusCode).toBe(409);
    expect((await post('/sendotp', { Email: c.email, purpose: 'login' }, ip)).statusCode).toBe(200);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });

  it('limits refusals to 20 an hour per network, since each says whether an email has an account', async () => {
    const c = await createCustomerWithPassword(t.db);
    const ip = { ip: '203.0.113.79' };
    for (let i = 0; i < 20; i++) expect((await post('/sendotp', { Email: freshEmail(), purpose: 'login' }, ip)).statusCode).toBe(404);
    const next = await post('/sendotp', { Email: freshEmail(), purpose: 'reset' }, ip);
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toMatch(/^Too many requests from your network\. Please try again in \d+ minutes?\.$/);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not affected, and a fitting request from this one still gets its code.
    expect((await post('/sendotp', { Email: freshEmail(), purpose: 'login' }, { ip: '203.0.113.80' })).statusCode).toBe(404);
    expect((await post('/sendotp', { Email: c.email, purpose: 'login' }, ip)).statusCode).toBe(200);
  });

  it('tells whether an email has an account only after its code was verified', async () => {
    const c = await createCustomerWithPassword(t.db);
    const unknown = freshEmail();
    expectLoginRefusal(await post('/login-with-otp', { email: unknown }), 'Please verify your email with OTP first.', 'FORBIDDEN');
    const before = [
      await post('/profiledata', signupBody(c.email)),
      await t.app.inject({ method: 'PUT', url: '/forgetpassword', payload: { email: unknown, password: 'New-Bricks-2026' } }),
    ];
    for (const res of before) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please verify your email with OTP first.');
    }
    // From a network of its own: this file's other tests use up the default address's hourly sends.
    expect((await post('/sendotp', { Email: unknown }, { ip: '203.0.113.81' })).statusCode).toBe(200);
    expect((await post('/verifyotp', { Email: unknown, otp: await latestOtp(t.app, unknown) })).json()).toEqual({ message: 'OTP verified' });
    const reset = await t.app.inject({ method: 'PUT', url: '/forgetpassword', payload: { email: unknown, password: 'New-Bricks-2026' } });
    expect(reset.statusCode).toBe(404);
    expect(reset.json().message).toBe('No account found for this email. Please sign up first.');
    // The refusal did not use up the window: the same verified email can still sign up.
    expect((await post('/profiledata', signupBody(unknown))).statusCode).toBe(201);
  });
});

describe('the verified window', () => {
  it('closes after its time: OTP login, signup and reset are refused once it has passed', async () => {
    const c = await createCustomerWithPassword(t.db);
    const email = freshEmail();
    for (const to of [c.email, email]) {
      await verifyEmail(t.app, to);
      await t.db.update(otpCodes).set({ verifiedUntil: sql`now() - interval '1 second'` }).where(sql`${otpCodes.email} = ${to}`);
    }
    expectLoginRefusal(await post('/login-with-otp', { email: c.email }), 'Please verify your email with OTP first.', 'FORBIDDEN');
    const attempts = [
      await t.app.inject({ method: 'PUT', url: '/forgetpassword', payload: { email: c.email, password: 'New-Bricks-2026' } }),
      await post('/profiledata', signupBody(email)),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please verify your email with OTP first.');
    }
  });
});

describe('signup', () => {
  it('needs a verified email, creates the account once, and refuses the same email again with 409', async () => {
    const email = freshEmail();
    const unverified = await post('/profiledata', signupBody(email));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe('Please verify your email with OTP first.');

    await verifyEmail(t.app, email);
    const created = await post('/profiledata', signupBody(email));
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Account created successfully! Redirecting to login...');

    const { res } = await loginWithPassword(t.app, email, 'Tiles&Grout-2026');
    expect(res.json().user.Full_Name).toBe('Priya Sharma');

    await verifyEmail(t.app, email);
    const dup = await post('/profiledata', signupBody(email.toUpperCase()));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An account with this email already exists. Please log in.');
  });

  it('lets one verified code through once: the window is used up by the signup', async () => {
    const email = freshEmail();
    await verifyEmail(t.app, email);
    expect((await post('/profiledata', signupBody(email))).statusCode).toBe(201);
    expectLoginRefusal(await post('/login-with-otp', { email }), 'Please verify your email with OTP first.');
  });

  it('refuses short, overlong and common passwords with a reason, without using up the window', async () => {
    const email = freshEmail();
    await verifyEmail(t.app, email);
    expect((await post('/profiledata', signupBody(email, { Password: 'abc' }))).json().message).toBe('Passwords need at least 6 characters.');
    expect((await post('/profiledata', signupBody(email, { Password: 'x'.repeat(129) }))).json().message).toBe('Passwords can have at most 128 characters.');
    const common = await post('/profiledata', signupBody(email, { Password: 'password123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/most common/);
    expect((await post('/profiledata', signupBody(email))).statusCode).toBe(201);
  });

  it('accepts only Hyderabad or Mumbai as the location', async () => {
    const res = await post('/profiledata', signupBody(freshEmail(), { Location: 'Paris' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose Hyderabad or Mumbai.');
  });
});

describe('password login and sessions', () => {
  it('sets an httpOnly, SameSite=Lax session cookie for 30 days and answers the spec’s body', async () => {
    const c = await createCustomerWithPassword(t.db, { fullName: 'Asha Reddy' });
    const res = await post('/fetch/userprofile', { email: c.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Success', user: { _id: c.id, Full_Name: 'Asha Reddy' } });
    const cookie = sessionCookie(res);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
  });

  it('marks the cookie Secure when the public address is HTTPS', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://nirmaan.example' });
    try {
      const c = await createCustomerWithPassword(secure.db);
      const res = await secure.app.inject({ method: 'POST', url: '/fetch/userprofile', payload: { email: c.email, password: PASSWORD } });
      expect(sessionCookie(res).secure).toBe(true);
    } finally {
      await secure.close();
    }
  }, 120_000);

  it('gives a new token at every login, and refuses the old cookie after logout', async () => {
    const c = await createCustomerWithPassword(t.db);
    const first = await loginWithPassword(t.app, c.email);
    const second = await loginWithPassword(t.app, c.email);
    expect(first.token).not.toBe(second.token);

    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: cookieHeader(first.token) });
    expect(session.json()).toEqual({ user: { _id: c.id, Full_Name: c.fullName } });

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookieHeader(first.token) });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((x) => x.name === 'nirmaan_session')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: cookieHeader(first.token) })).json()).toEqual({ user: null });
    const refused = await t.app.inject({ method: 'GET', url: `/myprofile/${c.id}`, headers: cookieHeader(first.token) });
    expect(refused.statusCode).toBe(401);
    // The other login's session is untouched.
    expect((await t.app.inject({ method: 'GET', url: `/myprofile/${c.id}`, headers: cookieHeader(second.token) })).statusCode).toBe(200);
  });

  it('answers a wrong password or unknown email with the same message', async () => {
    const c = await createCustomerWithPassword(t.db);
    // Answered 200 with the message and no user, so the original client shows it (docs/decisions/013).
    expectLoginRefusal(await post('/fetch/userprofile', { email: c.email, password: 'Wrong-Password-1' }), 'Invalid email or password.', 'UNAUTHENTICATED');
    expectLoginRefusal(await post('/fetch/userprofile', { email: freshEmail(), password: PASSWORD }), 'Invalid email or password.', 'UNAUTHENTICATED');
  });

  it('locks password login for an account after 10 failures in 15 minutes, even with the right password', async () => {
    const c = await createCustomerWithPassword(t.db);
    for (let i = 0; i < 10; i++) expectLoginRefusal(await post('/fetch/userprofile', { email: c.email, password: `Nope-${i}-xyz` }), 'Invalid email or password.');
    const locked = await post('/fetch/userprofile', { email: c.email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed logins\. Please try again in \d+ minutes? or reset your password\.$/);
  });

  it('says when no one is logged in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/session' })).json()).toEqual({ user: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: cookieHeader('forged-token') })).json()).toEqual({ user: null });
  });
});

describe('OTP login', () => {
  it('needs a verified code for that email, then logs in once', async () => {
    const c = await createCustomerWithPassword(t.db);
    expectLoginRefusal(await post('/login-with-otp', { email: c.email }), 'Please verify your email with OTP first.', 'FORBIDDEN');

    await verifyEmail(t.app, c.email);
    const res = await post('/login-with-otp', { email: c.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Success', user: { _id: c.id, Full_Name: c.fullName } });
    expect(sessionCookie(res).httpOnly).toBe(true);
    // The verified window is used up: a second login is refused.
    expectLoginRefusal(await post('/login-with-otp', { email: c.email }), 'Please verify your email with OTP first.', 'FORBIDDEN');
  });

  it('does not let one email’s code log in another account', async () => {
    const victim = await createCustomerWithPassword(t.db);
    await verifyEmail(t.app, freshEmail());
    expectLoginRefusal(await post('/login-with-otp', { email: victim.email }), 'Please verify your email with OTP first.');
  });

  it('tells an unknown email to sign up', async () => {
    const email = freshEmail();
    await verifyEmail(t.app, email);
    expectLoginRefusal(await post('/login-with-otp', { email }), 'No account found for this email. Please sign up first.', 'NOT_FOUND');
  });
});

describe('refusals the original client reads (docs/decisions/013)', () => {
  it('keeps 400 for a malformed body on the login calls', async () => {
    const malformed: [string, object][] = [
      ['/fetch/userprofile', { email: 'not-an-email', password: 'x' }],
      ['/fetch/userprofile', { email: 'asha@example.test' }],
      ['/verifyotp', { Email: 'asha@example.test', otp: '12ab' }],
      ['/verifyotp', { otp: '123456' }],
      ['/login-with-otp', { email: 42 }],
    ];
    for (const [url, payload] of malformed) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
      expect(res.json().user).toBeUndefined();
    }
  });

  it('keeps 429 for the limits, and sets no session', async () => {
    const c = await createCustomerWithPassword(t.db);
    const ip = '203.0.113.90';
    for (let i = 0; i < 10; i++) expectLoginRefusal(await post('/fetch/userprofile', { email: c.email, password: `Nope-${i}-xyz` }, { ip }), 'Invalid email or password.');
    const locked = await post('/fetch/userprofile', { email: c.email, password: PASSWORD }, { ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().user).toBeUndefined();
    expect(locked.headers['set-cookie']).toBeUndefined();
  });

  it('our own /api calls keep their 4xx refusals', async () => {
    const unverified = await post('/api/vendor/login-with-otp', { email: freshEmail() });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: 'Please verify your email with OTP first.', code: 'FORBIDDEN' });
    expect((await post('/profiledata', signupBody(freshEmail()))).statusCode).toBe(403);
  });
});

describe('forgot password', () => {
  it('needs a verified code, sets the new password and signs out every session', async () => {
    const c = await createCustomerWithPassword(t.db);
    const { token } = await loginWithPassword(t.app, c.email);
    const early = await t.app.inject({ method: 'PUT', url: '/forgetpassword', payload: { email: c.email, password: 'New-Bricks-2026' } });
    expect(early.statusCode).toBe(403);

    await verifyEmail(t.app, c.email);
    const res = await t.app.inject({ method: 'PUT', url: '/forgetpassword', payload: { email: c.email, password: 'New-Bricks-2026' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successful!' });

    expectLoginRefusal(await post('/fetch/userprofile', { email: c.email, password: PASSWORD }), 'Invalid email or password.');
    expect((await post('/fetch/userprofile', { email: c.email, password: 'New-Bricks-2026' })).json().message).toBe('Success');
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: cookieHeader(token) })).json()).toEqual({ user: null });
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/forgetpassword', payload: { email: 'a@example.test', password: '12345' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Passwords need at least 6 characters.');
  });
});

describe('profile', () => {
  it('shows a customer their own profile and refuses anyone else’s', async () => {
    const me = await createCustomerWithPassword(t.db, { fullName: 'Kiran Rao', phone: '9988776655', location: 'Hyderabad' });
    const other = await createCustomerWithPassword(t.db);
    const { token } = await loginWithPassword(t.app, me.email);
    const mine = await t.app.inject({ method: 'GET', url: `/myprofile/${me.id}`, headers: cookieHeader(token) });
    expect(mine.json()).toEqual({ _id: me.id, Full_Name: 'Kiran Rao', Emailaddress: me.email, Phone_Number: '9988776655', Location: 'Hyderabad' });
    const theirs = await t.app.inject({ method: 'GET', url: `/myprofile/${other.id}`, headers: cookieHeader(token) });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain(other.email);
    expect((await t.app.inject({ method: 'GET', url: `/myprofile/${me.id}` })).statusCode).toBe(401);
  });

  it('saves name, phone and location; the email stays', async () => {
    const me = await createCustomerWithPassword(t.db);
    const { token } = await loginWithPassword(t.app, me.email);
    const res = await t.app.inject({
      method: 'PUT', url: '/api/profile', headers: cookieHeader(token),
      payload: { Full_Name: 'Kiran Rao', Phone_Number: '+91 9123456789', Location: 'Mumbai', Emailaddress: 'hijack@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Full_Name: 'Kiran Rao', Phone_Number: '+91 9123456789', Location: 'Mumbai', Emailaddress: me.email });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: cookieHeader(token), payload: { Full_Name: 'K', Phone_Number: '12', Location: 'Mumbai' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { Full_Name: 'Kiran', Phone_Number: '9123456789', Location: 'Mumbai' } })).statusCode).toBe(401);
  });
});
