import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LOGIN_REDIRECT_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Component as LoginPage } from '../../src/features/auth/routes/login-page.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { FAKE_PAGE_TIMERS, advance, deferred, failure, findToast, mailedCode, refusal, renderPage, stubApi, toastTexts, toastWithoutTime, unreachable, type Answer } from '../render.tsx';

// Whole pages in jsdom are slow on a cold start.
vi.setConfig({ testTimeout: 20_000 });

const user = { _id: 'c0ffee00-0000-4000-8000-000000000001', Full_Name: 'Asha Verma' };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderLogin = () => renderPage(LoginPage, '/login');
const loginButton = () => screen.getByRole('button', { name: 'Login' });
const typeEmail = (value: string) => fireEvent.change(screen.getByLabelText('Email address'), { target: { value } });
const chooseOtp = () => fireEvent.click(screen.getByLabelText('Login with OTP'));


describe('login when already logged in', () => {
  it('goes to the home page instead of showing the form', async () => {
    storeUser(user._id, user.Full_Name);
    stubApi();
    const view = renderLogin();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });
});

describe('login with password', () => {
  it('is the default method', () => {
    stubApi();
    renderLogin();
    expect((screen.getByLabelText('Login with Password') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Login with OTP') as HTMLInputElement).checked).toBe(false);
    screen.getByLabelText('Password');
    expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgetpassword');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('warns when email or password is missing, without calling the server', async () => {
    const api = stubApi();
    renderLogin();
    fireEvent.click(loginButton());
    expect((await findToast(AUTH_MSG.provideEmailAndPassword)).className).toContain('text-bg-warning');

    typeEmail('asha@example.com');
    fireEvent.click(loginButton());
    await waitFor(() => expect(toastTexts()).toEqual([AUTH_MSG.provideEmailAndPassword, AUTH_MSG.provideEmailAndPassword]));
    expect(api.to('POST', '/fetch/userprofile')).toHaveLength(0);
  });

  it('logs in, remembers the user, and goes home only after 1.5 seconds', async () => {
    vi.useFakeTimers(FAKE_PAGE_TIMERS);
    const api = stubApi((c) => (c.path === '/fetch/userprofile' ? { body: { message: 'Success', user } } : undefined));
    const { location } = renderLogin();
    typeEmail('  asha@example.com ');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(loginButton());

    expect((await toastWithoutTime(AUTH_MSG.loginSuccess)).className).toContain('text-bg-success');
    expect(api.to('POST', '/fetch/userprofile').map((c) => c.body)).toEqual([{ email: 'asha@example.com', password: 'secret123' }]);
    expect(localStorage.getItem('userid')).toBe(user._id);
    expect(localStorage.getItem('user_name')).toBe(user.Full_Name);
    expect((loginButton() as HTMLButtonElement).disabled).toBe(true);

    advance(LOGIN_REDIRECT_MS - 200);
    expect(location()).toBe('/login');
    advance(200);
    expect(location()).toBe('/');
  });

  it.each<[string, Answer]>([
    ['in a 200 answer without a user (how the server refuses)', refusal('Invalid email or password.', 'UNAUTHENTICATED')],
    ['in a 401 answer', failure(401, 'Invalid email or password.', 'UNAUTHENTICATED')],
  ])("shows the server's message for refused credentials as a danger toast: %s", async (_, answer) => {
    stubApi((c) => (c.path === '/fetch/userprofile' ? answer : undefined));
    const { location } = renderLogin();
    typeEmail('asha@example.com');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(loginButton());

    expect((await findToast('Invalid email or password.')).className).toContain('text-bg-danger');
    expect(localStorage.getItem('userid')).toBeNull();
    expect(location()).toBe('/login');
    expect((loginButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('says "Please check your credentials." when a refusal carries no message', async () => {
    stubApi((c) => (c.path === '/fetch/userprofile' ? { status: 200, body: { message: 'Failure' } } : undefined));
    renderLogin();
    typeEmail('asha@example.com');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(loginButton());
    expect((await findToast(AUTH_MSG.checkCredentials)).className).toContain('text-bg-danger');
  });

  it.each<[string, () => Answer]>([
    ['the network fails', unreachable],
    ['the server fails', () => failure(500, 'Something went wrong on our side. Please try again.', 'INTERNAL')],
  ])('says "Server error. Try again later." when %s', async (_, answer) => {
    stubApi((c) => (c.path === '/fetch/userprofile' ? answer() : undefined));
    renderLogin();
    typeEmail('asha@example.com');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(loginButton());
    expect((await findToast(AUTH_MSG.serverError)).className).toContain('text-bg-danger');
  });

  it('shows "Logging in..." and blocks a second submit while the call is in flight', async () => {
    const pending = deferred<Answer>();
    const api = stubApi((c) => (c.path === '/fetch/userprofile' ? pending.promise : undefined));
    renderLogin();
    typeEmail('asha@example.com');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(loginButton());

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(busy.closest('form')!);
    pending.resolve(failure(401, 'Invalid email or password.', 'UNAUTHENTICATED'));
    await findToast('Invalid email or password.');
    expect(api.to('POST', '/fetch/userprofile')).toHaveLength(1);
  });
});

describe('login with OTP', () => {
  const otpServer = (overrides: Partial<Record<string, () => Answer | Promise<Answer>>> = {}) =>
    stubApi((c) => {
      const override = overrides[c.path];
      if (override) return override();
      const code = mailedCode(c);
      if (code) return code;
      if (c.path === '/login-with-otp') return { body: { message: 'Success', user } };
      return undefined;
    });

  const sendCode = async (email = 'asha@example.com') => {
    typeEmail(email);
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
  };
  const verifyCode = (code: string) => {
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
  };

  it('shows Send OTP instead of a password field', () => {
    stubApi();
    renderLogin();
    chooseOtp();
    expect(screen.queryByLabelText('Password')).toBeNull();
    screen.getByRole('button', { name: 'Send OTP' });
    expect(screen.queryByLabelText('OTP')).toBeNull();
  });

  it('refuses Login before the code is verified', async () => {
    const api = otpServer();
    renderLogin();
    chooseOtp();
    typeEmail('asha@example.com');
    fireEvent.click(loginButton());
    expect((await findToast(AUTH_MSG.verifyOtpBeforeLogin)).className).toContain('text-bg-warning');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for an email before sending a code', async () => {
    const api = otpServer();
    renderLogin();
    chooseOtp();
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await findToast(AUTH_MSG.enterEmailForOtp)).className).toContain('text-bg-warning');
    expect(api.to('POST', '/sendotp')).toHaveLength(0);
  });

  it('sends a login code and shows the OTP input with Verify OTP', async () => {
    const api = otpServer();
    renderLogin();
    chooseOtp();
    await sendCode(' asha@example.com ');

    expect(api.to('POST', '/sendotp').map((c) => c.body)).toEqual([{ Email: 'asha@example.com', purpose: 'login' }]);
    expect((await findToast(AUTH_MSG.otpSent)).className).toContain('text-bg-success');
    screen.getByRole('button', { name: 'Verify OTP' });
    expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();
  });

  it("shows the server's refusal of the send, e.g. an unknown email", async () => {
    otpServer({ '/sendotp': () => failure(404, 'No account found for this email. Please sign up first.', 'NOT_FOUND') });
    renderLogin();
    chooseOtp();
    typeEmail('nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await findToast('No account found for this email. Please sign up first.')).className).toContain('text-bg-danger');
    expect(screen.queryByLabelText('OTP')).toBeNull();
  });

  it('asks for the code when Verify is pressed with none', async () => {
    const api = otpServer();
    renderLogin();
    chooseOtp();
    await sendCode();
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await findToast(AUTH_MSG.enterOtp)).className).toContain('text-bg-warning');
    expect(api.to('POST', '/verifyotp')).toHaveLength(0);
  });

  it('says "Invalid OTP" for a wrong code and stays on the code step', async () => {
    const api = otpServer();
    renderLogin();
    chooseOtp();
    await sendCode();
    verifyCode('000000');

    expect((await findToast(AUTH_MSG.invalidOtp)).className).toContain('text-bg-danger');
    expect(api.to('POST', '/verifyotp').map((c) => c.body)).toEqual([{ Email: 'asha@example.com', otp: '000000' }]);
    expect(api.to('POST', '/login-with-otp')).toHaveLength(0);
    screen.getByLabelText('OTP');
  });

  it('says "Invalid OTP" when verification answers anything but "OTP verified"', async () => {
    const api = otpServer({ '/verifyotp': () => ({ body: { message: 'Expired' } }) });
    renderLogin();
    chooseOtp();
    await sendCode();
    verifyCode('123456');
    expect((await findToast(AUTH_MSG.invalidOtp)).className).toContain('text-bg-danger');
    expect(api.to('POST', '/login-with-otp')).toHaveLength(0);
  });

  it.each<[string, string]>([
    ['an expired code', 'This OTP has expired. Please request a new one.'],
    ['a code tried too often', 'Too many wrong tries. Please request a new OTP.'],
  ])("shows the server's reason for %s and stays on the code step", async (_, reason) => {
    const api = otpServer({ '/verifyotp': () => refusal(reason, 'BAD_REQUEST') });
    renderLogin();
    chooseOtp();
    await sendCode();
    verifyCode('123456');
    expect((await findToast(reason)).className).toContain('text-bg-danger');
    expect(api.to('POST', '/login-with-otp')).toHaveLength(0);
    screen.getByLabelText('OTP');
    expect(localStorage.getItem('userid')).toBeNull();
  });

  it("shows the server's refusal of the OTP login (a used code) and stores no user", async () => {
    otpServer({ '/login-with-otp': () => refusal('Please verify your email with OTP first.', 'FORBIDDEN') });
    const { location } = renderLogin();
    chooseOtp();
    await sendCode();
    verifyCode('123456');
    expect((await findToast('Please verify your email with OTP first.')).className).toContain('text-bg-danger');
    expect(toastTexts()).not.toContain(AUTH_MSG.otpLoginSuccess);
    expect(localStorage.getItem('userid')).toBeNull();
    expect(location()).toBe('/login');
  });

  it('says "OTP verification failed" when the verify answer cannot be read', async () => {
    otpServer({ '/verifyotp': () => ({ status: 200, body: { ok: true } }) });
    renderLogin();
    chooseOtp();
    await sendCode();
    verifyCode('123456');
    expect((await findToast(AUTH_MSG.otpVerificationFailed)).className).toContain('text-bg-danger');
  });

  it('logs in after a correct code and goes home after 1.5 seconds', async () => {
    const api = otpServer();
    const { location } = renderLogin();
    chooseOtp();
    await sendCode();
    vi.useFakeTimers(FAKE_PAGE_TIMERS);
    verifyCode('123456');

    expect((await toastWithoutTime(AUTH_MSG.otpLoginSuccess)).className).toContain('text-bg-success');
    expect(api.to('POST', '/login-with-otp').map((c) => c.body)).toEqual([{ email: 'asha@example.com' }]);
    expect(localStorage.getItem('userid')).toBe(user._id);
    expect(localStorage.getItem('user_name')).toBe(user.Full_Name);
    expect(screen.queryByLabelText('OTP')).toBeNull();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).readOnly).toBe(true);

    advance(LOGIN_REDIRECT_MS - 200);
    expect(location()).toBe('/login');
    advance(200);
    expect(location()).toBe('/');
  });

  it('says "Failed to log in after OTP verification" when that login gives no message, and Login retries it', async () => {
    let attempts = 0;
    const api = otpServer({
      '/login-with-otp': () => (++attempts === 1 ? { status: 200, body: { message: 'Failure' } } : { body: { message: 'Success', user } }),
    });
    renderLogin();
    chooseOtp();
    await sendCode();
    verifyCode('123456');

    expect((await findToast(AUTH_MSG.loginAfterOtpFailed)).className).toContain('text-bg-danger');
    expect(localStorage.getItem('userid')).toBeNull();
    screen.getByText('Email verified');

    fireEvent.click(loginButton());
    await findToast(AUTH_MSG.otpLoginSuccess);
    expect(api.to('POST', '/login-with-otp')).toHaveLength(2);
    expect(api.to('POST', '/verifyotp')).toHaveLength(1);
  });

  it('a login refusal without a JSON body also falls back to "Failed to log in after OTP verification"', async () => {
    otpServer({ '/login-with-otp': () => ({ status: 403, body: 'Forbidden' }) });
    renderLogin();
    chooseOtp();
    await sendCode();
    verifyCode('123456');
    await findToast(AUTH_MSG.loginAfterOtpFailed);
  });

  it('editing the email after sending starts the code step over', async () => {
    const api = otpServer();
    renderLogin();
    chooseOtp();
    await sendCode();
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '123456' } });

    typeEmail('other@example.com');
    expect(screen.queryByLabelText('OTP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify OTP' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
    expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('');
    expect(api.to('POST', '/sendotp').map((c) => (c.body as { Email: string }).Email)).toEqual(['asha@example.com', 'other@example.com']);
  });

  it('switching back to password mode drops the code step', async () => {
    otpServer();
    renderLogin();
    chooseOtp();
    await sendCode();
    fireEvent.click(screen.getByLabelText('Login with Password'));
    screen.getByLabelText('Password');
    chooseOtp();
    screen.getByRole('button', { name: 'Send OTP' });
    expect(screen.queryByLabelText('OTP')).toBeNull();
  });

  // Codes are single use: a second check started by Enter during the first would fail the accepted code.
  it('does not send a second check when Enter is pressed while one is in flight', async () => {
    const pending = deferred<Answer>();
    let checks = 0;
    const api = otpServer({
      '/verifyotp': () => (++checks === 1 ? pending.promise : failure(400, 'Invalid OTP', 'BAD_REQUEST')),
    });
    renderLogin();
    chooseOtp();
    await sendCode();
    const input = screen.getByLabelText('OTP');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByRole('button', { name: 'Verifying...' });
    fireEvent.keyDown(input, { key: 'Enter' });
    pending.resolve({ body: { message: 'OTP verified' } });

    await findToast(AUTH_MSG.otpLoginSuccess);
    expect(api.to('POST', '/verifyotp')).toHaveLength(1);
    expect(toastTexts()).not.toContain(AUTH_MSG.invalidOtp);
  });
});

describe('Google sign-in', () => {
  it('is absent when the server has no Google client id', async () => {
    const api = stubApi();
    const { client } = renderLogin();
    await waitFor(() => expect(client.getQueryState(['client-config'])?.status).toBe('success'));
    expect(api.to('GET', '/api/config')).toHaveLength(1);
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
  });

  it('has a slot for the Google button when a client id is configured', async () => {
    stubApi((c) => (c.path === '/api/config' ? { body: { googleClientId: 'client-123.apps.googleusercontent.com' } } : undefined));
    renderLogin();
    await screen.findByTestId('google-sign-in');
  });
});
