import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Inbox, closeToasts, createAccount, expectBanner, expectToast, mobileNumber, newCustomer, reach, sessionUser, storedUserId, strongPassword,
  type Customer,
} from './support/accounts.ts';
import { DESKTOP, MOBILE, launchBrowser } from './support/browser.ts';
import { WAIT, checkPage, openVisit, reloadSettled, shown, type Visit, where } from './support/journey.ts';

/**
 * The Login, Signup, Forgot password and Profile screens and the header: a customer signs
 * up with the code from their mailbox, logs in and out with a password and with a code, edits their
 * profile and resets their password — on a laptop, and the essentials on a phone.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** One step of a journey on a slow, shared machine. */
const STEP_MS = 300_000;
/** The app redirects 1.5 s (login) or 2 s (signup) after the toast; allow for a loaded machine. */
const REDIRECT_MS = 20_000;
const INVALID_LOGIN = 'Invalid email or password.';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Mobile navigation' });
const main = (page: Page) => page.getByRole('main');

/** Signup with every field, the email verified with the code from the mailbox; ends at /login. */
async function signUpWithForm(page: Page, visit: Visit, customer: Customer, label: string) {
  const form = main(page);
  await shown(form.getByRole('heading', { level: 1, name: 'Create your account' }));
  const create = form.getByRole('button', { name: 'Create Account' });
  await shown(create);
  expect(await create.isDisabled(), 'Create Account before the email is verified').toBe(true);

  await form.getByLabel('Full name').fill(customer.name);
  const email = form.getByLabel('Email address');
  await email.fill(customer.email);
  const inbox = await Inbox.open(page.request, customer.email);
  await form.getByRole('button', { name: 'Send OTP', exact: true }).click();
  await expectToast(page, 'OTP sent to your email', 'success');
  const otp = await shown(form.getByLabel('OTP', { exact: true }));
  await otp.fill(await inbox.nextCode());
  expect(await create.isDisabled(), 'Create Account before Verify OTP').toBe(true);
  await form.getByRole('button', { name: 'Verify OTP' }).click();
  await expectToast(page, 'OTP verified successfully!', 'success');
  expect(await email.isEditable(), 'email field once verified').toBe(false);
  expect(await email.inputValue()).toBe(customer.email);
  expect(await create.isEnabled(), 'Create Account once verified').toBe(true);

  await form.getByLabel('Phone number').fill(customer.phone);
  await form.getByLabel('Password', { exact: true }).fill(customer.password);
  const confirm = form.getByLabel('Confirm password');
  await confirm.fill(`${customer.password}-typo`);
  await form.getByLabel('Location').selectOption('Hyderabad');
  await create.click();
  await expectToast(page, 'Passwords do not match.', 'danger');
  expect(where(page)).toBe('/signup');

  await confirm.fill(customer.password);
  await checkPage(page, visit, `accounts-${label}-signup`);
  await create.click();
  await expectToast(page, 'Account created successfully! Redirecting to login...', 'success');
  await reach(page, '/login', REDIRECT_MS);
}

/** Types email and password into the login form (password mode) and presses Login. */
async function submitPassword(page: Page, email: string, password: string) {
  const form = main(page);
  await shown(form.getByRole('heading', { level: 1, name: 'Welcome Back' }));
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A password login that must succeed: toast, then home, logged in on the server too. */
async function logInWithPassword(page: Page, customer: Customer, password = customer.password) {
  await submitPassword(page, customer.email, password);
  await expectToast(page, 'Login successful!', 'success');
  await reach(page, '/', REDIRECT_MS);
  const user = await sessionUser(page);
  expect(user?.Full_Name, 'the server session after login').toBe(customer.name);
  expect(await storedUserId(page), 'stored userid after login').toBe(user!._id);
}

/** A password login the server refuses: its message as a danger toast, still logged out. */
async function expectRefusedLogin(page: Page, email: string, password: string) {
  await submitPassword(page, email, password);
  await expectToast(page, INVALID_LOGIN, 'danger');
  expect(where(page)).toBe('/login');
  expect(await storedUserId(page), 'stored userid after a refused login').toBeNull();
  expect(await sessionUser(page), 'server session after a refused login').toBeNull();
}

const userMenu = (page: Page, customer: Customer) => mainNav(page).getByRole('button', { name: customer.name, exact: true });

/** Logout from the header's user menu; ends at /login, logged out in the UI and on the server. */
async function logOutFromHeader(page: Page, customer: Customer) {
  await (await shown(userMenu(page, customer))).click();
  const orders = await shown(mainNav(page).getByRole('link', { name: 'My orders' }));
  expect(await orders.getAttribute('href')).toBe('/myorder');
  expect(await mainNav(page).getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile');
  await mainNav(page).getByRole('button', { name: 'Logout' }).click();
  await reach(page, '/login');
  await shown(mainNav(page).getByRole('link', { name: 'Login', exact: true }));
  expect(await userMenu(page, customer).count(), 'user menu after logout').toBe(0);
  expect(await storedUserId(page), 'stored userid after logout').toBeNull();
  expect(await sessionUser(page), 'server session after logout').toBeNull();
}

/** The profile form shows what the customer signed up with. */
async function expectProfile(page: Page, customer: Customer, phone: string, location: string) {
  const form = main(page);
  await shown(form.getByRole('heading', { level: 1, name: 'My Profile' }));
  const name = await shown(form.getByLabel('Full name'));
  expect(await name.inputValue()).toBe(customer.name);
  const email = form.getByLabel('Email address');
  expect(await email.inputValue()).toBe(customer.email);
  expect(await email.isEditable(), 'email on the profile').toBe(false);
  expect(await form.getByLabel('Phone number').inputValue()).toBe(phone);
  expect(await form.getByLabel('Location').inputValue()).toBe(location);
}

/**
 * Each journey is a chain of steps on one page; a step that finds the previous one unfinished says
 * so instead of failing somewhere confusing.
 */
function journeySteps() {
  let done = 0;
  return {
    need(step: number) {
      if (done !== step - 1) throw new Error(`step ${step - 1} of this journey did not finish, so step ${step} cannot run`);
    },
    finish(step: number) {
      done = step;
    },
  };
}

describe('a customer on a laptop', () => {
  const customer = newCustomer('laptop', 'Asha Verma');
  const steps = journeySteps();
  let visit: Visit;
  let page: Page;
  let newPassword: string;

  beforeAll(async () => {
    visit = await openVisit(browser, DESKTOP);
    page = await visit.context.newPage();
  });

  afterAll(async () => {
    await visit?.context.close();
  });

  it('signs up with the code from the mailbox and lands on /login', async () => {
    steps.need(1);
    await page.goto('/signup');
    await signUpWithForm(page, visit, customer, 'desktop');
    steps.finish(1);
  }, STEP_MS);

  it('a wrong password shows the server\'s message; the right one logs in and the header shows the name', async () => {
    steps.need(2);
    await expectRefusedLogin(page, customer.email, `${customer.password}-wrong`);
    await checkPage(page, visit, 'accounts-desktop-login');
    await logInWithPassword(page, customer);
    await shown(userMenu(page, customer));
    expect(await mainNav(page).getByRole('link', { name: 'Login', exact: true }).count(), 'header Login link when logged in').toBe(0);
    expect(await mainNav(page).getByRole('link', { name: 'Sign up' }).count(), 'header Sign up link when logged in').toBe(0);
    await checkPage(page, visit, 'accounts-desktop-home-logged-in');
    steps.finish(2);
  }, STEP_MS);

  it('the profile shows the account, and a changed phone number is really saved', async () => {
    steps.need(3);
    await userMenu(page, customer).click();
    await mainNav(page).getByRole('link', { name: 'My profile' }).click();
    await reach(page, '/profile');
    await expectProfile(page, customer, customer.phone, 'Hyderabad');

    const phone = mobileNumber();
    await main(page).getByLabel('Phone number').fill(phone);
    await main(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile saved.', 'success');
    await reloadSettled(page);
    await expectProfile(page, customer, phone, 'Hyderabad');
    customer.phone = phone;
    await checkPage(page, visit, 'accounts-desktop-profile');
    steps.finish(3);
  }, STEP_MS);

  it('logs out from the header menu: the UI and the server forget the session', async () => {
    steps.need(4);
    await logOutFromHeader(page, customer);
    steps.finish(4);
  }, STEP_MS);

  it('logs in with a code from the mailbox', async () => {
    steps.need(5);
    const form = main(page);
    await shown(form.getByRole('heading', { level: 1, name: 'Welcome Back' }));
    await form.getByLabel('Email address').fill(customer.email);
    await form.getByText('Login with OTP', { exact: true }).click();
    expect(await form.getByRole('radio', { name: 'Login with OTP' }).isChecked(), 'OTP toggle').toBe(true);
    expect(await form.getByLabel('Password', { exact: true }).count(), 'password field in OTP mode').toBe(0);

    const inbox = await Inbox.open(page.request, customer.email);
    await form.getByRole('button', { name: 'Send OTP', exact: true }).click();
    await expectToast(page, 'OTP sent to your email', 'success');
    const otp = await shown(form.getByLabel('OTP', { exact: true }));
    const verify = form.getByRole('button', { name: 'Verify OTP' });
    await verify.click();
    await expectToast(page, 'Please enter OTP', 'warning');

    await otp.fill(await inbox.nextCode());
    await checkPage(page, visit, 'accounts-desktop-login-otp');
    await verify.click();
    await expectToast(page, 'Logged in successfully with OTP!', 'success');
    await reach(page, '/', REDIRECT_MS);
    await shown(userMenu(page, customer));
    const user = await sessionUser(page);
    expect(user?.Full_Name, 'the server session after OTP login').toBe(customer.name);
    expect(await storedUserId(page)).toBe(user!._id);
    steps.finish(5);
  }, STEP_MS);

  it('resets the password in three steps; the banner goes away by itself', async () => {
    steps.need(6);
    await logOutFromHeader(page, customer);
    const form = main(page);
    await form.getByRole('link', { name: 'Forgot Password?' }).click();
    await reach(page, '/forgetpassword');
    await shown(form.getByRole('heading', { level: 1, name: 'Forgot Password' }));
    const currentStep = form.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]');
    expect(await currentStep.textContent()).toContain('Your email');

    const inbox = await Inbox.open(page.request, customer.email);
    await form.getByLabel('Registered email').fill(customer.email);
    await form.getByRole('button', { name: 'Send OTP', exact: true }).click();
    const otp = await shown(form.getByLabel('OTP', { exact: true }));
    expect(await currentStep.textContent()).toContain('Enter the code');
    await shown(page.getByRole('alert').filter({ hasText: /OTP sent to your email/ }));
    const verify = form.getByRole('button', { name: 'Verify OTP' });
    await verify.click();
    await expectBanner(page, 'Please enter OTP.');
    expect(await currentStep.textContent(), 'a failed step stays').toContain('Enter the code');
    await otp.fill('12345678');
    expect(await otp.inputValue(), 'the code field takes at most 6 characters').toBe('123456');

    await otp.fill(await inbox.nextCode());
    await verify.click();
    const password = await shown(form.getByLabel('New password', { exact: true }));
    expect(await currentStep.textContent()).toContain('New password');
    const confirm = form.getByLabel('Confirm new password');
    const reset = form.getByRole('button', { name: 'Reset Password' });
    await reset.click();
    await expectBanner(page, 'Please enter a new password.');
    newPassword = strongPassword();
    await password.fill(newPassword);
    await confirm.fill(`${newPassword}-typo`);
    await reset.click();
    await expectBanner(page, 'Passwords do not match.');
    await confirm.fill(newPassword);
    await checkPage(page, visit, 'accounts-desktop-forgot-password');

    await reset.click();
    const banner = await expectBanner(page, 'Password reset successful!');
    const email = await shown(form.getByLabel('Registered email'));
    expect(await email.inputValue(), 'email after the reset').toBe('');
    expect(await currentStep.textContent()).toContain('Your email');
    await checkPage(page, visit, 'accounts-desktop-forgot-password-done');
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByRole('alert').count(), 'banners left after 4 s').toBe(0);
    steps.finish(6);
  }, STEP_MS);

  it('the old password is refused with the server\'s message, the new one logs in', async () => {
    steps.need(7);
    await main(page).getByRole('link', { name: 'Back to login' }).click();
    await reach(page, '/login');
    await expectRefusedLogin(page, customer.email, customer.password);
    await logInWithPassword(page, customer, newPassword);
    await shown(userMenu(page, customer));
    steps.finish(7);
  }, STEP_MS);
});

describe('a customer on a phone', () => {
  it('signs up, logs in, gets Profile in the bottom bar, saves the profile and logs out', async () => {
    const visit = await openVisit(browser, MOBILE, { isMobile: true });
    try {
      const page = await visit.context.newPage();
      const customer = newCustomer('phone', 'Ravi Kumar');
      await page.goto('/');
      const bar = await shown(bottomBar(page));
      await shown(bar.getByRole('link', { name: 'Login' }));
      expect(await bar.getByRole('link', { name: 'Profile' }).count(), 'bottom bar Profile when logged out').toBe(0);
      await bar.getByRole('link', { name: 'Login' }).click();
      await reach(page, '/login');
      await main(page).getByRole('link', { name: 'Sign up' }).click();
      await reach(page, '/signup');
      await signUpWithForm(page, visit, customer, 'mobile');

      await logInWithPassword(page, customer);
      await shown(bar.getByRole('link', { name: 'Profile' }));
      expect(await bar.getByRole('link', { name: 'Login' }).count(), 'bottom bar Login when logged in').toBe(0);
      await checkPage(page, visit, 'accounts-mobile-home-logged-in');

      await bar.getByRole('link', { name: 'Profile' }).click();
      await reach(page, '/profile');
      await expectProfile(page, customer, customer.phone, 'Hyderabad');
      await main(page).getByLabel('Location').selectOption('Mumbai');
      await main(page).getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Profile saved.', 'success');
      await reloadSettled(page);
      await expectProfile(page, customer, customer.phone, 'Mumbai');
      await checkPage(page, visit, 'accounts-mobile-profile');

      // Phones have no header menu: the profile page is where they log out.
      await main(page).getByRole('button', { name: 'Logout' }).click();
      await reach(page, '/login');
      await shown(bar.getByRole('link', { name: 'Login' }));
      expect(await storedUserId(page)).toBeNull();
      expect(await sessionUser(page)).toBeNull();
    } finally {
      await visit.context.close();
    }
  }, STEP_MS * 2);
});

describe('what the account screens check before calling the server', () => {
  let visit: Visit;
  let page: Page;

  beforeAll(async () => {
    visit = await openVisit(browser, DESKTOP);
    page = await visit.context.newPage();
  });

  afterAll(async () => {
    await visit?.context.close();
  });

  /** Opens a page and waits until it knows the server's configuration (no Google client id here). */
  async function openWithConfig(path: string) {
    const config = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/config', { timeout: WAIT });
    await page.goto(path);
    const body = (await (await config).json()) as { googleClientId: string | null };
    expect(body.googleClientId, 'the test server has no Google client id').toBeNull();
  }

  /** Without GOOGLE_CLIENT_ID there is no Google button, and nothing is loaded from Google. */
  async function expectNoGoogle() {
    expect(await page.getByTestId('google-sign-in').count(), 'Google sign-in slot').toBe(0);
    expect(await page.getByText(/google/i).count(), 'anything saying Google').toBe(0);
    expect(page.frames().length, 'frames (Google renders its button in one)').toBe(1);
    expect(visit.external, 'requests that left the machine').toEqual([]);
  }

  it('login: empty fields, Send OTP without an email, Login in OTP mode before verifying', async () => {
    await openWithConfig('/login');
    const form = main(page);
    const login = await shown(form.getByRole('button', { name: 'Login', exact: true }));
    await login.click();
    await expectToast(page, 'Please provide both email and password.', 'warning');
    await closeToasts(page, 'Please provide both email and password.');
    await form.getByLabel('Email address').fill('someone@example.com');
    await login.click();
    await expectToast(page, 'Please provide both email and password.', 'warning');
    expect(where(page)).toBe('/login');

    await form.getByLabel('Email address').fill('');
    await form.getByText('Login with OTP', { exact: true }).click();
    await form.getByRole('button', { name: 'Send OTP', exact: true }).click();
    await expectToast(page, 'Please enter your email to send OTP', 'warning');
    expect(await form.getByLabel('OTP', { exact: true }).count(), 'OTP input before a code was sent').toBe(0);
    await login.click();
    await expectToast(page, 'Please verify your OTP before logging in.', 'warning');
    expect(where(page)).toBe('/login');
    expect(await storedUserId(page)).toBeNull();

    await expectNoGoogle();
    await checkPage(page, visit, 'accounts-desktop-login-checks');
  }, STEP_MS);

  it('signup: Send OTP without an email; Create Account stays disabled', async () => {
    await openWithConfig('/signup');
    const form = main(page);
    await (await shown(form.getByRole('button', { name: 'Send OTP', exact: true }))).click();
    await expectToast(page, 'Please enter your email first.', 'warning');
    expect(await form.getByLabel('OTP', { exact: true }).count(), 'OTP input before a code was sent').toBe(0);
    expect(await form.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);
    await expectNoGoogle();
    await checkPage(page, visit, 'accounts-desktop-signup-checks');
  }, STEP_MS);

  it('forgot password: Send OTP without an email shows a banner and stays on step 1', async () => {
    await page.goto('/forgetpassword');
    const form = main(page);
    await (await shown(form.getByRole('button', { name: 'Send OTP', exact: true }))).click();
    const banner = await expectBanner(page, 'Please enter your email.');
    await shown(form.getByLabel('Registered email'));
    expect(await form.getByLabel('OTP', { exact: true }).count(), 'OTP input on step 1').toBe(0);
    await checkPage(page, visit, 'accounts-desktop-forgot-password-checks');
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
  }, STEP_MS);
});

describe('a session the server no longer knows', () => {
  it('logs the UI out on the next page load', async () => {
    const visit = await openVisit(browser, DESKTOP);
    try {
      const page = await visit.context.newPage();
      const customer = newCustomer('revoked', 'Meera Iyer');
      await createAccount(page.request, customer);
      await page.goto('/login');
      await logInWithPassword(page, customer);
      await shown(userMenu(page, customer));
      const userId = await storedUserId(page);

      const res = await page.request.post('/api/logout', { headers: { accept: 'application/json' } });
      expect(res.ok(), `POST /api/logout → ${res.status()}`).toBe(true);
      expect(await sessionUser(page), 'server session after revoking it').toBeNull();
      expect(await storedUserId(page), 'the page itself was not touched').toBe(userId);

      await reloadSettled(page);
      // The page arrives server-rendered as anonymous and is taken over by the app, which checks the
      // session: wait for that check to forget the user, then the header must stay logged out.
      await page.waitForFunction(() => localStorage.getItem('userid') === null, undefined, { timeout: WAIT });
      await shown(mainNav(page).getByRole('link', { name: 'Login', exact: true }));
      expect(await userMenu(page, customer).count(), 'user menu after the reload').toBe(0);
      await checkPage(page, visit, 'accounts-desktop-session-revoked');
    } finally {
      await visit.context.close();
    }
  }, STEP_MS);
});
