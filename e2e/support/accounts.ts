import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT, shown, toast } from './journey.ts';

/** A customer of the accounts tests: every test makes its own, with an email nobody else uses. */
export interface Customer {
  name: string;
  email: string;
  phone: string;
  password: string;
}

const suffix = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A 10-digit Indian mobile number (starts with 9), different each time. */
export const mobileNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** A password no common-password list holds. */
export const strongPassword = () => `Kiln-${randomBytes(4).toString('hex')}-Mortar`;

/**
 * A seeded product seller (cement, Bangalore) without a payout account, for tests that fill Payouts from scratch or
 * refund a sale whose money was never transferred: the demo seller's account is seeded activated (issue 30).
 */
export const SELLER_WITHOUT_PAYOUTS = 'namma.build.mart@demo.nirmaan.in';

export function newCustomer(tag: string, name: string): Customer {
  return { name, email: `${tag}-${suffix()}@example.com`, phone: mobileNumber(), password: strongPassword() };
}

interface Mail { to: string; subject: string; text: string; created: string }

/**
 * The customer's inbox, read through the server's development mailbox the way a person reads
 * theirs: after asking for a code, wait until a mail newer than the last one seen arrives. Each
 * new code invalidates the older ones, so only the newest mail counts.
 */
export class Inbox {
  private lastSeen: Mail | undefined;

  private constructor(private readonly request: APIRequestContext, readonly email: string) {}

  /** Opens the inbox before a code is asked for, so that mail already there is not taken for the new one. */
  static async open(request: APIRequestContext, email: string): Promise<Inbox> {
    const inbox = new Inbox(request, email);
    inbox.lastSeen = await inbox.newest();
    return inbox;
  }

  private async newest(): Promise<Mail | undefined> {
    const res = await this.request.get('/dev/mailbox.json', { headers: { accept: 'application/json' } });
    expect(res.ok(), `GET /dev/mailbox.json → ${res.status()}`).toBe(true);
    const mails = (await res.json()) as Mail[];
    return mails.find((m) => m.to.toLowerCase() === this.email.toLowerCase());
  }

  private isNew(mail: Mail | undefined): mail is Mail {
    if (!mail) return false;
    if (!this.lastSeen) return true;
    return mail.created > this.lastSeen.created || (mail.created === this.lastSeen.created && mail.subject !== this.lastSeen.subject);
  }

  /** The 6-digit code of the next mail to arrive. */
  async nextCode(): Promise<string> {
    const deadline = Date.now() + WAIT;
    let mail = await this.newest();
    while (!this.isNew(mail)) {
      if (Date.now() > deadline) throw new Error(`no new mail to ${this.email} within ${WAIT / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      mail = await this.newest();
    }
    this.lastSeen = mail;
    // The code mail is written in the request's language (decision 039): the code is its one 6-digit number.
    const code = mail.text.match(/code is (\d{6})\b/)?.[1] ?? mail.text.match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
    expect(code, `a 6-digit code in the mail to ${this.email}:\n${mail.text}`).toBeDefined();
    return code!;
  }
}

/**
 * Creates the account through the API (send code, read it, verify, sign up), for tests about
 * something other than the signup screen.
 */
export async function createAccount(request: APIRequestContext, customer: Customer, location = 'Hyderabad') {
  const inbox = await Inbox.open(request, customer.email);
  const post = async (path: string, data: unknown, status = 200) => {
    const res = await request.post(path, { data, headers: { accept: 'application/json' } });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(status);
  };
  await post('/sendotp', { Email: customer.email, purpose: 'signup' });
  await post('/verifyotp', { Email: customer.email, otp: await inbox.nextCode() });
  await post('/profiledata', {
    Full_Name: customer.name, Emailaddress: customer.email, Phone_Number: customer.phone, Password: customer.password, Location: location,
  }, 201);
}

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

/**
 * Waits for a toast with exactly this text and checks its colour (the Login screen: coloured by
 * variant). Several toasts may be up at once; the newest with the text is the one judged.
 */
export async function expectToast(page: Page, text: string, variant: ToastVariant): Promise<Locator> {
  const message = toast(page, text).last();
  await shown(message);
  // One read: the toast hides itself after 3 s.
  const [shownText, classes] = await message.evaluate((el) => [el.textContent?.trim(), el.closest('.toast')?.className ?? '']);
  expect(shownText, 'toast text').toBe(text);
  expect(classes, `colour of the toast "${text}"`).toContain(`text-bg-${variant}`);
  return message;
}

/** Closes the toasts with this text with their Close button, so that a repeated message is seen anew. */
export async function closeToasts(page: Page, text: string) {
  const boxes = page.locator('.toast').filter({ has: toast(page, text) });
  for (let tries = 0; tries < 10 && (await boxes.count()) > 0; tries++) {
    await boxes.first().getByRole('button', { name: 'Close' }).click({ timeout: 10_000 }).catch(() => undefined); // it may hide itself first
  }
  expect(await boxes.count(), `toasts "${text}" left after Close`).toBe(0);
}

/** Waits for the forgot-password banner with exactly this text. */
export async function expectBanner(page: Page, text: string): Promise<Locator> {
  const banner = page.getByRole('alert').filter({ hasText: text });
  await shown(banner);
  expect((await banner.textContent())?.trim(), 'banner text').toBe(text);
  return banner;
}

/** The stored display id of the logged-in customer (the original client's local storage), or null. */
export const storedUserId = (page: Page) => page.evaluate(() => localStorage.getItem('userid'));

/** Who the server thinks is logged in, asked with the browser's own cookies. */
export async function sessionUser(page: Page): Promise<{ _id: string; Full_Name: string } | null> {
  const res = await page.request.get('/api/session', { headers: { accept: 'application/json' } });
  expect(res.ok(), `GET /api/session → ${res.status()}`).toBe(true);
  return ((await res.json()) as { user: { _id: string; Full_Name: string } | null }).user;
}

/** Waits until the page is at this path (the app redirects after a delay). */
export const reach = (page: Page, pathname: string, timeout = WAIT) =>
  page.waitForURL((url) => url.pathname === pathname, { timeout });

/**
 * Logs the browser in through the API (the session cookie lands in the page's context) and stores the display
 * state the app keeps (the original client's local storage), for tests about something other than the login screen.
 */
export async function logInThroughApi(page: Page, base: string, email: string, password: string) {
  const login = await page.request.post(`${base}/fetch/userprofile`, { data: { email, password } });
  expect(login.status(), `log in as ${email}`).toBe(200);
  const { user } = (await login.json()) as { user: { _id: string; Full_Name: string } };
  await page.goto(`${base}/about`);
  await page.evaluate((u) => {
    localStorage.setItem('userid', u._id);
    localStorage.setItem('user_name', u.Full_Name);
  }, user);
  return user;
}

/** Logs a vendor's pages in through the API (the portal's session cookie lands in the page's context). */
export async function logInVendorThroughApi(page: Page, email: string, password: string) {
  const login = await page.request.post('/api/vendor/login', { data: { email, password } });
  expect(login.status(), `vendor log in as ${email}: ${await login.text()}`).toBe(200);
}

/**
 * Logs an operator's pages in through the API, both steps: the password, then the code mailed for it (read from the
 * development mailbox), for tests about the console rather than its login screen.
 */
export async function logInOperatorThroughApi(page: Page, email: string, password: string) {
  const inbox = await Inbox.open(page.request, email);
  const start = await page.request.post('/api/ops/login', { data: { email, password } });
  expect(start.status(), `operator log in as ${email}: ${await start.text()}`).toBe(200);
  const verify = await page.request.post('/api/ops/login/verify', { data: { email, otp: await inbox.nextCode() } });
  expect(verify.status(), `operator code for ${email}: ${await verify.text()}`).toBe(200);
}
