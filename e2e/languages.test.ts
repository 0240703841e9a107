import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, baseUrl, launchBrowser } from './support/browser.ts';
import { createAccount, expectToast, logInThroughApi, newCustomer } from './support/accounts.ts';
import { WAIT, apiJson, shown } from './support/journey.ts';

/**
 * The languages (docs/decisions/040-languages.md): a Telugu browser is sent to the Telugu addresses and shops in
 * Telugu, the header's switcher keeps the page and changes every label, and a Hindi page reads without scripts.
 */
const TEST_MS = 240_000;

let browser: Browser;
let telugu: BrowserContext;
let page: Page;
let cement: { _id: string; ProductName: string };
const complaints: string[] = [];

const path = (p: Page) => new URL(p.url()).pathname;

interface Mail { to: string; subject: string; text: string }
/** The newest mail to `email` whose subject matches, from the server's development mailbox, once it has arrived. */
async function mailTo(p: Page, email: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect.poll(async () => {
    const res = await p.request.get('/dev/mailbox.json', { headers: { accept: 'application/json' } });
    const mails = (await res.json()) as Mail[];
    found = mails.find((m) => m.to.toLowerCase() === email.toLowerCase() && subject.test(m.subject));
    return found?.subject ?? mails.filter((m) => m.to.toLowerCase() === email.toLowerCase()).map((m) => m.subject).join(' | ');
  }, { timeout: WAIT }).toMatch(subject);
  return found!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A phone set to Telugu (India): Accept-Language te-IN, no language chosen yet.
  telugu = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), locale: 'te-IN' });
  telugu.setDefaultTimeout(WAIT);
  telugu.setDefaultNavigationTimeout(WAIT);
  page = await telugu.newPage();
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') complaints.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => complaints.push(`pageerror: ${err.message}`));
  const list = await apiJson<{ _id: string; ProductName: string; InStock: boolean }[]>(page, '/fetch?category=Cement');
  cement = list.find((p) => p.InStock !== false)!;
  expect(cement, 'a Cement product in the demo catalogue').toBeDefined();
});

afterAll(async () => {
  await telugu?.close();
  await browser?.close();
});

describe('languages', () => {
  it('a Telugu browser sees the landing page, a cement product, the cart and checkout in Telugu', async () => {
    await page.goto('/');
    expect(path(page)).toBe('/te');
    expect(await page.getAttribute('html', 'lang')).toBe('te-IN');
    await shown(page.getByRole('heading', { level: 1, name: 'మీ భవిష్యత్తును నిర్మించుకోండి' }));
    await shown(page.getByRole('navigation', { name: 'ప్రధాన మెనూ' }).getByRole('link', { name: 'కేటగిరీలు' }));

    const customer = newCustomer('telugu', 'Lakshmi Reddy');
    await createAccount(page.request, customer);
    await logInThroughApi(page, baseUrl(), customer.email, customer.password);
    // The spec's address of the product sends the Telugu browser to the product's Telugu address.
    await page.goto(`/product/${cement._id}`);
    expect(path(page)).toBe(`/te/product/${cement._id}`);
    await shown(page.getByRole('heading', { level: 1, name: cement.ProductName }));
    await shown(page.getByText('అన్ని పన్నులతో కలిపి'));
    await page.getByRole('button', { name: 'కార్ట్‌లో చేర్చండి' }).click();
    await expectToast(page, 'ప్రొడక్ట్ కార్ట్‌లో చేరింది!', 'success');

    // Links keep the language: the header's cart is the Telugu cart.
    await page.getByRole('navigation', { name: 'ప్రధాన మెనూ' }).getByRole('link', { name: /కార్ట్/ }).click();
    await expect.poll(() => path(page), { timeout: WAIT }).toBe('/te/cart');
    await shown(page.getByRole('heading', { level: 1, name: 'మీ కార్ట్' }));
    await shown(page.getByText('కార్ట్‌లో 1 యూనిట్ ఉంది'));
    await page.getByRole('button', { name: 'చెక్అవుట్' }).click();
    await expect.poll(() => path(page), { timeout: WAIT }).toBe('/te/Cart/order');
    await shown(page.getByRole('heading', { level: 1, name: 'చెక్అవుట్' }));
    for (const heading of ['కస్టమర్ వివరాలు', 'డెలివరీ చిరునామా', 'ఆర్డర్ సారాంశం']) await shown(page.getByRole('heading', { name: heading }));
    await shown(page.getByRole('group', { name: 'చెల్లింపు పద్ధతి' }));
    await expect.poll(() => page.getByLabel('పూర్తి పేరు', { exact: true }).inputValue(), { timeout: WAIT }).toBe(customer.name);
    await page.getByLabel('చిరునామా', { exact: true }).fill('8-2-293 Road No. 36, Jubilee Hills');
    await page.getByLabel('రాష్ట్రం', { exact: true }).fill('Telangana');
    await page.getByLabel('పిన్‌కోడ్', { exact: true }).fill('500033');
    // Cash on delivery is the chosen way to pay.
    expect(await page.getByLabel('క్యాష్ ఆన్ డెలివరీ', { exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'ఆర్డర్ చేయండి' }).click();
    await expectToast(page, 'ఆర్డర్ విజయవంతంగా నమోదైంది!', 'success');
    await expect.poll(() => path(page), { timeout: WAIT }).toBe('/te/myorder');
    await shown(page.getByRole('heading', { level: 1, name: 'నా ఆర్డర్లు' }));
    await shown(page.getByRole('list', { name: 'ప్రొడక్ట్ ఆర్డర్లు' }).getByText(cement.ProductName).first());

    // The account took the language the visitor was shown when it was made: its order mail is in Telugu.
    const placed = await mailTo(page, customer.email, /^మీ Nirmaan ఆర్డర్ .+ నమోదైంది$/);
    expect(placed.text).not.toMatch(/\bYour order\b/);
    expect(complaints).toEqual([]);
  }, TEST_MS);

  it('switching to हिन्दी in the header keeps the page and switches every label, and remembers the choice', async () => {
    await page.goto(`/te/product/${cement._id}`);
    await page.locator('.lang-switch > summary').click();
    await page.locator('.lang-switch').getByRole('link', { name: 'हिन्दी' }).click();
    await expect.poll(() => path(page), { timeout: WAIT }).toBe(`/hi/product/${cement._id}`);
    expect(await page.getAttribute('html', 'lang')).toBe('hi-IN');
    await shown(page.getByRole('heading', { level: 1, name: cement.ProductName }));
    const nav = page.getByRole('navigation', { name: 'मुख्य मेन्यू' });
    for (const label of ['होम', 'कैटेगरी', 'हमारे बारे में']) await shown(nav.getByRole('link', { name: label, exact: true }));
    await shown(page.getByRole('button', { name: 'कार्ट में डालें' }));
    await shown(page.getByRole('tab', { name: 'प्रोडक्ट की जानकारी' }));
    // No English label is left in the header, the product's box or the footer.
    const text = await page.locator('header, .product-price, footer h2').allInnerTexts();
    expect(text.join(' ')).not.toMatch(/\b(Home|Categories|About|Cart|Login|Explore|Popular|Account|Contact|Inclusive)\b/);
    const cookies = await telugu.cookies();
    expect(cookies.find((c) => c.name === 'nirmaan_lang')?.value).toBe('hi');
    // The spec's unprefixed address now follows the remembered choice rather than the browser's Telugu.
    await page.goto('/about');
    expect(path(page)).toBe('/hi/about');
    await shown(page.getByRole('heading', { level: 1, name: 'एक-एक घर से भारत का निर्माण' }));

    // The logged-in customer's account follows the switch too: the next order's mail is in Hindi.
    await page.goto(`/hi/product/${cement._id}`);
    await page.getByRole('button', { name: 'कार्ट में डालें' }).click();
    await expectToast(page, 'प्रोडक्ट कार्ट में डाल दिया!', 'success');
    await page.goto('/hi/Cart/order');
    await shown(page.getByRole('heading', { level: 1, name: 'चेकआउट' }));
    for (const label of ['पूरा नाम', 'फ़ोन', 'ईमेल', 'पता', 'शहर', 'राज्य', 'पिनकोड']) await shown(page.getByLabel(label, { exact: true }));
    await expect.poll(() => page.getByLabel('पूरा नाम', { exact: true }).inputValue(), { timeout: WAIT }).not.toBe('');
    await page.getByLabel('पता', { exact: true }).fill('8-2-293 Road No. 36, Jubilee Hills');
    await page.getByLabel('राज्य', { exact: true }).fill('Telangana');
    await page.getByLabel('पिनकोड', { exact: true }).fill('500033');
    await page.getByRole('button', { name: 'ऑर्डर करें' }).click();
    await expectToast(page, 'ऑर्डर हो गया!', 'success');
    const email = await page.evaluate(async () => (await (await fetch(`/myprofile/${localStorage.getItem('userid')}`)).json() as { Emailaddress: string }).Emailaddress);
    await mailTo(page, email, /^आपका Nirmaan ऑर्डर .+ हो गया है$/);
    expect(complaints).toEqual([]);
  }, TEST_MS);

  it('the vendor portal follows the choice: Marathi addresses and lang', async () => {
    const marathi = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    await marathi.addCookies([{ name: 'nirmaan_lang', value: 'mr', url: baseUrl() }]);
    const vendor = await marathi.newPage();
    await vendor.goto('/vendor/login');
    expect(path(vendor)).toBe('/mr/vendor/login');
    expect(await vendor.getAttribute('html', 'lang')).toBe('mr-IN');
    // TODO(issue 33): the portal's own screens are not translated yet (see the report); the operator console stays English.
    await vendor.goto('/ops/login');
    expect(path(vendor)).toBe('/ops/login');
    await marathi.close();
  }, TEST_MS);

  it('a followed /hi/ link shows Hindi whatever the cookie, and does not send an English browser\'s English addresses to Hindi', async () => {
    const english = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), locale: 'en-IN' });
    const p = await english.newPage();
    await p.goto(`/hi/product/${cement._id}`);
    expect(await p.getAttribute('html', 'lang')).toBe('hi-IN');
    await shown(p.getByRole('button', { name: 'कार्ट में डालें' }));
    // The page has loaded its scripts: the visitor chose nothing, so nothing is remembered.
    await p.waitForLoadState('networkidle');
    expect((await english.cookies()).find((c) => c.name === 'nirmaan_lang')).toBeUndefined();
    await p.goto(`/product/${cement._id}`);
    expect(path(p)).toBe(`/product/${cement._id}`);
    expect(await p.getAttribute('html', 'lang')).toBe('en-IN');
    await shown(p.getByRole('button', { name: 'Add to Cart' }));

    // A visitor who chose Telugu follows a Hindi link: the address decides, the choice stays for unprefixed ones.
    await english.addCookies([{ name: 'nirmaan_lang', value: 'te', url: baseUrl() }]);
    await p.goto(`/hi/product/${cement._id}`);
    expect(path(p)).toBe(`/hi/product/${cement._id}`);
    expect(await p.getAttribute('html', 'lang')).toBe('hi-IN');
    await shown(p.getByRole('button', { name: 'कार्ट में डालें' }));
    expect((await english.cookies()).find((c) => c.name === 'nirmaan_lang')?.value).toBe('te');
    await p.goto('/about');
    expect(path(p)).toBe('/te/about');
    await english.close();
  }, TEST_MS);

  it('the server renders /hi/product/{id} in Hindi, readable without scripts, with every language\'s address', async () => {
    const still = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), javaScriptEnabled: false });
    const p = await still.newPage();
    const res = await p.goto(`/hi/product/${cement._id}`);
    expect(res?.status()).toBe(200);
    expect(await p.getAttribute('html', 'lang')).toBe('hi-IN');
    await shown(p.getByRole('heading', { level: 1, name: cement.ProductName }));
    await shown(p.getByText('सभी टैक्स सहित'));
    await shown(p.getByRole('button', { name: 'कार्ट में डालें' }));
    // Absolute addresses on the server's public origin (PUBLIC_URL); their paths are each language's.
    const pathOf = async (selector: string) => new URL((await p.locator(selector).getAttribute('href'))!).pathname;
    const alternate = (lang: string) => pathOf(`link[rel="alternate"][hreflang="${lang}"]`);
    expect(await alternate('en-IN')).toBe(`/product/${cement._id}`);
    expect(await alternate('hi-IN')).toBe(`/hi/product/${cement._id}`);
    expect(await alternate('te-IN')).toBe(`/te/product/${cement._id}`);
    expect(await alternate('mr-IN')).toBe(`/mr/product/${cement._id}`);
    expect(await alternate('x-default')).toBe(`/product/${cement._id}`);
    expect(await pathOf('link[rel="canonical"]')).toBe(`/hi/product/${cement._id}`);
    expect(await p.locator('meta[property="og:locale"]').getAttribute('content')).toBe('hi_IN');
    await still.close();
  }, TEST_MS);
});
