import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SIGNUP_REDIRECT_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Component as SignupPage } from '../../src/features/auth/routes/signup-page.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { FAKE_PAGE_TIMERS, advance, failure, findToast, toastWithoutTime, mailedCode, refusal, renderPage, stubApi, type Answer, type Call } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that mails code 123456 and creates accounts, unless `override` answers first. */
const signupServer = (override: (c: Call) => Answer | undefined = () => undefined) =>
  stubApi((c) => {
    const answer = override(c);
    if (answer) return answer;
    const code = mailedCode(c);
    if (code) return code;
    if (c.path === '/profiledata') return { status: 201, body: { message: AUTH_MSG.accountCreated } };
    return undefined;
  });

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const createButton = () => screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
const emailInput = () => screen.getByLabelText('Email address') as HTMLInputElement;

const fillForm = (overrides: Record<string, string> = {}) => {
  const values: Record<string, string> = {
    'Full name': 'Asha Verma', 'Phone number': '9876543210', Password: 'secret123', 'Confirm password': 'secret123', Location: 'Mumbai',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) change(label, value);
};

const verifyEmail = async (email = 'asha@example.com') => {
  change('Email address', email);
  fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('OTP');
  change('OTP', '123456');
  fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await findToast(AUTH_MSG.signupOtpVerified);
};

describe('signup', () => {
  it('shows every field, with Create Account disabled until the email is verified', () => {
    stubApi();
    renderPage(SignupPage, '/signup');
    for (const label of ['Full name', 'Email address', 'Phone number', 'Password', 'Confirm password', 'Location']) {
      screen.getByLabelText(label);
    }
    const options = [...(screen.getByLabelText('Location') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options).toEqual(['Hyderabad', 'Mumbai']);
    fillForm();
    expect(createButton().disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('asks for the email before sending a code', async () => {
    const api = signupServer();
    renderPage(SignupPage, '/signup');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await findToast(AUTH_MSG.enterEmailFirst)).className).toContain('text-bg-warning');
    expect(api.to('POST', '/sendotp')).toHaveLength(0);
  });

  it("sends a code for signing up and shows the server's refusal for a taken email", async () => {
    const api = signupServer((c) => (c.path === '/sendotp' && (c.body as { Email: string }).Email === 'taken@example.com'
      ? failure(409, 'An account with this email already exists. Please log in.', 'CONFLICT') : undefined));
    renderPage(SignupPage, '/signup');
    change('Email address', ' taken@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await findToast('An account with this email already exists. Please log in.')).className).toContain('text-bg-danger');
    expect(screen.queryByLabelText('OTP')).toBeNull();

    change('Email address', 'asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await findToast(AUTH_MSG.otpSent)).className).toContain('text-bg-success');
    screen.getByLabelText('OTP');
    expect(api.to('POST', '/sendotp').map((c) => c.body)).toEqual([
      { Email: 'taken@example.com', purpose: 'signup' },
      { Email: 'asha@example.com', purpose: 'signup' },
    ]);
  });

  it('says "Failed to send OTP." when the server cannot be read', async () => {
    signupServer((c) => (c.path === '/sendotp' ? { status: 400, body: 'nope' } : undefined));
    renderPage(SignupPage, '/signup');
    change('Email address', 'asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await findToast(AUTH_MSG.signupFailedToSendOtp)).className).toContain('text-bg-danger');
  });

  it('asks for the code, refuses a wrong one, and locks the email once verified', async () => {
    const api = signupServer();
    renderPage(SignupPage, '/signup');
    change('Email address', 'asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');

    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await findToast(AUTH_MSG.enterTheOtp)).className).toContain('text-bg-warning');

    change('OTP', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await findToast(AUTH_MSG.invalidOtp)).className).toContain('text-bg-danger');
    expect(emailInput().readOnly).toBe(false);
    expect(createButton().disabled).toBe(true);

    change('OTP', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await findToast(AUTH_MSG.signupOtpVerified)).className).toContain('text-bg-success');
    expect(api.to('POST', '/verifyotp').map((c) => c.body)).toEqual([
      { Email: 'asha@example.com', otp: '000000' },
      { Email: 'asha@example.com', otp: '123456' },
    ]);
    expect(emailInput().readOnly).toBe(true);
    screen.getByText('Verified');
    expect(screen.queryByLabelText('OTP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();
    expect(createButton().disabled).toBe(false);
  });

  it("shows the server's reason for an expired code and keeps the email open", async () => {
    const expired = 'This OTP has expired. Please request a new one.';
    signupServer((c) => (c.path === '/verifyotp' ? refusal(expired, 'BAD_REQUEST') : undefined));
    renderPage(SignupPage, '/signup');
    change('Email address', 'asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
    change('OTP', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await findToast(expired)).className).toContain('text-bg-danger');
    expect(emailInput().readOnly).toBe(false);
    expect(createButton().disabled).toBe(true);
  });

  it('editing the email before verifying starts the code step over', async () => {
    signupServer();
    renderPage(SignupPage, '/signup');
    change('Email address', 'asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByLabelText('OTP');
    screen.getByRole('button', { name: 'Resend OTP' });

    change('Email address', 'asha.v@example.com');
    expect(screen.queryByLabelText('OTP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify OTP' })).toBeNull();
    screen.getByRole('button', { name: 'Send OTP' });
  });

  it('refuses mismatched passwords without calling the server', async () => {
    const api = signupServer();
    renderPage(SignupPage, '/signup');
    fillForm({ 'Confirm password': 'secret124' });
    await verifyEmail();
    fireEvent.click(createButton());

    expect((await findToast(AUTH_MSG.passwordsDoNotMatch)).className).toContain('text-bg-danger');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(api.to('POST', '/profiledata')).toHaveLength(0);
  });

  it("refuses a field the shared schema rejects, with the schema's message", async () => {
    const api = signupServer();
    renderPage(SignupPage, '/signup');
    fillForm({ 'Phone number': '12345' });
    await verifyEmail();
    fireEvent.click(createButton());

    expect((await findToast('Please enter a 10-digit Indian mobile number.')).className).toContain('text-bg-danger');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(api.to('POST', '/profiledata')).toHaveLength(0);
  });

  it('asks for every field', async () => {
    const api = signupServer();
    renderPage(SignupPage, '/signup');
    fillForm({ 'Full name': '' });
    await verifyEmail();
    fireEvent.click(createButton());
    expect((await findToast(AUTH_MSG.fillAllFields)).className).toContain('text-bg-warning');
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(api.to('POST', '/profiledata')).toHaveLength(0);
  });

  it("shows the server's conflict message and stays on the page", async () => {
    signupServer((c) => (c.path === '/profiledata'
      ? failure(409, 'An account with this email already exists. Please log in.', 'CONFLICT') : undefined));
    const { location } = renderPage(SignupPage, '/signup');
    fillForm();
    await verifyEmail();
    fireEvent.click(createButton());

    expect((await findToast('An account with this email already exists. Please log in.')).className).toContain('text-bg-danger');
    expect(location()).toBe('/signup');
    expect(createButton().disabled).toBe(false);
  });

  it('creates the account with exactly the five fields and goes to /login after 2 seconds', async () => {
    const api = signupServer();
    const { location } = renderPage(SignupPage, '/signup');
    fillForm({ 'Full name': '  Asha Verma ' });
    await verifyEmail(' asha@example.com ');
    vi.useFakeTimers(FAKE_PAGE_TIMERS);
    fireEvent.click(createButton());

    expect((await toastWithoutTime(AUTH_MSG.accountCreated)).className).toContain('text-bg-success');
    const [created] = api.to('POST', '/profiledata');
    expect(created?.body).toStrictEqual({
      Full_Name: 'Asha Verma',
      Emailaddress: 'asha@example.com',
      Phone_Number: '9876543210',
      Password: 'secret123',
      Location: 'Mumbai',
    });
    expect(createButton().disabled).toBe(true);
    expect(localStorage.getItem('userid')).toBeNull();

    advance(SIGNUP_REDIRECT_MS - 300);
    expect(location()).toBe('/signup');
    advance(300);
    expect(location()).toBe('/login');
    expect(api.to('POST', '/profiledata')).toHaveLength(1);
  });
});

describe('signup when already logged in', () => {
  it('goes to the home page instead of showing the form', async () => {
    storeUser('c0ffee00-0000-4000-8000-000000000001', 'Asha Verma');
    stubApi();
    const view = renderPage(SignupPage, '/signup');
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });
});
