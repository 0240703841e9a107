import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { BANNER_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Component as ForgotPasswordPage } from '../../src/features/auth/routes/forgot-password-page.tsx';
import { FAKE_PAGE_TIMERS, advance, deferred, failure, mailedCode, refusal, renderPage, stubApi, unreachable, type Answer, type Call } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });

const NO_ACCOUNT = 'No account found for this email. Please sign up first.';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The server's answers for the reset flow (code 123456), unless `override` answers first. */
const resetServer = (override: (c: Call) => Answer | Promise<Answer> | undefined = () => undefined) =>
  stubApi((c) => {
    const answer = override(c);
    if (answer) return answer;
    const code = mailedCode(c);
    if (code) return code;
    if (c.path === '/forgetpassword') return { body: { message: 'Password reset successful!' } };
    return undefined;
  });

const renderWizard = () => renderPage(ForgotPasswordPage, '/forgetpassword');
const banner = () => screen.queryByRole('alert');
const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;
const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const toStep2 = async (email = 'asha@example.com') => {
  change('Registered email', email);
  fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('OTP');
};
const toStep3 = async () => {
  await toStep2();
  change('OTP', '123456');
  fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await screen.findByLabelText('New password');
};

describe('forgot password wizard', () => {
  it('starts at step 1 and asks for the email', async () => {
    const api = resetServer();
    renderWizard();
    expect(currentStep()).toBe('1Your email');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(banner()?.textContent).toBe(AUTH_MSG.enterYourEmail);
    expect(banner()?.className).toContain('alert-warning');
    expect(api.to('POST', '/sendotp')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });

  it('dismisses its banner after 4 seconds', async () => {
    vi.useFakeTimers(FAKE_PAGE_TIMERS);
    resetServer();
    renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(banner()?.textContent).toBe(AUTH_MSG.enterYourEmail);
    advance(BANNER_MS - 300);
    expect(banner()).not.toBeNull();
    advance(300);
    expect(banner()).toBeNull();
  });

  it('goes to step 2 when the code is sent for a reset', async () => {
    const api = resetServer();
    renderWizard();
    await toStep2(' asha@example.com ');

    expect(api.to('POST', '/sendotp').map((c) => c.body)).toEqual([{ Email: 'asha@example.com', purpose: 'reset' }]);
    expect(banner()?.textContent).toBe('OTP sent to your email');
    expect(banner()?.className).toContain('alert-success');
    expect(currentStep()).toBe('2Enter the code');
    expect(screen.getByText('asha@example.com').tagName).toBe('STRONG');
    expect(screen.queryByLabelText('Registered email')).toBeNull();
  });

  it('shows the spec\'s default texts when the server sends an empty message', async () => {
    resetServer((c) => (c.path === '/sendotp' || c.path === '/verifyotp' ? { body: { message: '' } } : undefined));
    renderWizard();
    await toStep2();
    expect(banner()?.textContent).toBe(AUTH_MSG.resetOtpSent);
    change('OTP', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByLabelText('New password');
    expect(banner()?.textContent).toBe(AUTH_MSG.resetOtpVerified);
  });

  it.each<[string, () => Answer, string]>([
    ['an unknown email', () => failure(404, NO_ACCOUNT, 'NOT_FOUND'), NO_ACCOUNT],
    ['an unreadable refusal', () => ({ status: 400, body: 'nope' }), AUTH_MSG.resetFailedToSendOtp],
    ['an unreachable server', unreachable, AUTH_MSG.serverError],
  ])('stays on step 1 after %s', async (_, answer, text) => {
    resetServer((c) => (c.path === '/sendotp' ? answer() : undefined));
    renderWizard();
    change('Registered email', 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(banner()?.className).toContain('alert-danger');
    expect(currentStep()).toBe('1Your email');
    expect((screen.getByLabelText('Registered email') as HTMLInputElement).value).toBe('nobody@example.com');
  });

  it('asks for the code, keeps it to 6 digits, and refuses a wrong one', async () => {
    const api = resetServer();
    renderWizard();
    await toStep2();

    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(banner()?.textContent).toBe(AUTH_MSG.enterOtpDot);
    expect(api.to('POST', '/verifyotp')).toHaveLength(0);

    const otp = screen.getByLabelText('OTP') as HTMLInputElement;
    expect(otp.maxLength).toBe(6);
    change('OTP', '12 34-5678');
    expect(otp.value).toBe('123456');

    change('OTP', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await screen.findByText('Invalid OTP')).className).toContain('alert-danger');
    expect(currentStep()).toBe('2Enter the code');
    expect(api.to('POST', '/verifyotp').map((c) => c.body)).toEqual([{ Email: 'asha@example.com', otp: '000000' }]);
  });

  it("shows the server's reason for an expired code as a danger banner and stays on step 2", async () => {
    const expired = 'This OTP has expired. Please request a new one.';
    resetServer((c) => (c.path === '/verifyotp' ? refusal(expired, 'BAD_REQUEST') : undefined));
    renderWizard();
    await toStep2();
    change('OTP', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect((await screen.findByText(expired)).className).toContain('alert-danger');
    expect(currentStep()).toBe('2Enter the code');
  });

  it('goes to step 3 when the code is verified', async () => {
    resetServer();
    renderWizard();
    await toStep3();
    expect(currentStep()).toBe('3New password');
    expect(banner()?.textContent).toBe('OTP verified');
    screen.getByLabelText('Confirm new password');
  });

  it('Use another email goes back to step 1 with the email kept', async () => {
    resetServer();
    renderWizard();
    await toStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(currentStep()).toBe('1Your email');
    expect((screen.getByLabelText('Registered email') as HTMLInputElement).value).toBe('asha@example.com');
  });

  it('checks the new password before calling the server', async () => {
    const api = resetServer();
    renderWizard();
    await toStep3();

    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(banner()?.textContent).toBe(AUTH_MSG.enterNewPassword);

    change('New password', '12345');
    change('Confirm new password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(banner()?.textContent).toBe('Passwords need at least 6 characters.');

    change('New password', '123456');
    change('Confirm new password', '123457');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(banner()?.textContent).toBe(AUTH_MSG.passwordsDoNotMatch);

    expect(api.to('PUT', '/forgetpassword')).toHaveLength(0);
    expect(currentStep()).toBe('3New password');
  });

  it('resets the password and returns to step 1 with the fields cleared', async () => {
    const api = resetServer();
    renderWizard();
    await toStep3();
    change('New password', 'newsecret1');
    change('Confirm new password', 'newsecret1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    const email = (await screen.findByLabelText('Registered email')) as HTMLInputElement;
    expect(email.value).toBe('');
    expect(currentStep()).toBe('1Your email');
    expect(banner()?.textContent).toBe(AUTH_MSG.resetSuccess);
    expect(banner()?.className).toContain('alert-success');
    expect(api.to('PUT', '/forgetpassword').map((c) => c.body)).toEqual([{ email: 'asha@example.com', password: 'newsecret1' }]);

    // A second round starts from an empty code too.
    await toStep2('asha@example.com');
    expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('');
  });

  it("stays on step 3 with the server's message when the reset is refused", async () => {
    resetServer((c) => (c.path === '/forgetpassword'
      ? failure(403, 'Please verify your email with OTP first.', 'FORBIDDEN') : undefined));
    renderWizard();
    await toStep3();
    change('New password', 'newsecret1');
    change('Confirm new password', 'newsecret1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect((await screen.findByText('Please verify your email with OTP first.')).className).toContain('alert-danger');
    expect(currentStep()).toBe('3New password');
  });

  it('disables its buttons while a call is in flight', async () => {
    const sending = deferred<Answer>();
    const verifying = deferred<Answer>();
    const api = resetServer((c) => (c.path === '/sendotp' ? sending.promise : c.path === '/verifyotp' ? verifying.promise : undefined));
    renderWizard();

    change('Registered email', 'asha@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    const wait = await screen.findByRole('button', { name: 'Please wait...' });
    expect((wait as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(wait.closest('form')!);
    sending.resolve({ body: { message: 'OTP sent to your email' } });
    await screen.findByLabelText('OTP');
    expect(api.to('POST', '/sendotp')).toHaveLength(1);

    change('OTP', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    const verifyingButton = await screen.findByRole('button', { name: 'Verifying...' });
    expect((verifyingButton as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Use another email' }) as HTMLButtonElement).disabled).toBe(true);
    verifying.resolve({ body: { message: 'OTP verified' } });
    await screen.findByLabelText('New password');
  });

  // Codes are single use: a second check started by Enter during the first would fail the accepted code.
  it('does not check the code twice when Enter is pressed during the check', async () => {
    const pending = deferred<Answer>();
    let checks = 0;
    const api = resetServer((c) => (c.path === '/verifyotp'
      ? (++checks === 1 ? pending.promise : failure(400, 'Invalid OTP', 'BAD_REQUEST')) : undefined));
    renderWizard();
    await toStep2();
    const input = screen.getByLabelText('OTP');
    change('OTP', '123456');
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByRole('button', { name: 'Verifying...' });
    fireEvent.keyDown(input, { key: 'Enter' });
    pending.resolve({ body: { message: 'OTP verified' } });

    await screen.findByLabelText('New password');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.to('POST', '/verifyotp')).toHaveLength(1);
    expect(banner()?.textContent).toBe('OTP verified');
  });
});
