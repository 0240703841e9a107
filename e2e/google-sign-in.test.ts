import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { WAIT, openVisit, shown, toast, type Visit } from './support/journey.ts';

/**
 * Google sign-in end to end, without Google: the server checks tokens against a local JWKS server
 * (GOOGLE_JWKS_URL, as in production), and the browser gets a stand-in for Google's Identity Services
 * script at its real address that renders a button and hands over a token signed by the local key.
 */
const CLIENT_ID = 'nirmaan-e2e.apps.googleusercontent.com';
const GIS_URL = 'https://accounts.google.com/gsi/client';

let jwks: Server;
let key: CryptoKey;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/oauth2/v3/certs`;
  server = await startServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl, SEED_ON_START: 'false' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  jwks?.close();
});

const idToken = (claims: { email: string; name: string }, aud = CLIENT_ID) =>
  new SignJWT({ ...claims, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
    .setSubject(`google-${claims.email}`)
    .setIssuer('https://accounts.google.com')
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);

/** What Google's script offers the page (initialize, renderButton), answering with `credential`. */
const identityServices = (credential: string) => `
  window.google = { accounts: { id: {
    initialize(options) { window.__gisOptions = options; },
    renderButton(parent, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = options.text === 'signup_with' ? 'Sign up with Google' : 'Sign in with Google';
      button.onclick = () => window.__gisOptions.callback({ credential: ${JSON.stringify(credential)} });
      parent.appendChild(button);
    },
  } } };`;

async function open(credential: string | null): Promise<{ page: Page; visit: Visit }> {
  const visit = await openVisit(browser, undefined, { baseUrl: server.url });
  await visit.context.route(GIS_URL, (route) => (credential === null
    ? route.abort('internetdisconnected')
    : route.fulfill({ status: 200, contentType: 'text/javascript', body: identityServices(credential) })));
  return { page: await visit.context.newPage(), visit };
}

/** The only request that leaves the machine is the one for Google's script. */
const expectOnlyGoogleScript = (visit: Visit) => expect(new Set(visit.external)).toEqual(new Set([GIS_URL]));

describe('Google sign-in', () => {
  it('logs a new customer in from the login page and creates their account', async () => {
    const email = `meera.${Date.now()}@gmail.test`;
    const { page, visit } = await open(await idToken({ email, name: 'Meera Iyer' }));
    await page.goto('/login');
    await (await shown(page.getByRole('button', { name: 'Sign in with Google' }))).click();
    await shown(toast(page, 'Logged in successfully with Google!'));
    await page.waitForURL((url) => url.pathname === '/', { timeout: WAIT });
    await shown(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: /Meera Iyer/ }));

    await page.goto('/profile');
    await shown(page.getByLabel('Email address'));
    expect(await page.getByLabel('Email address').inputValue()).toBe(email);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Meera Iyer');
    expect(await page.getByLabel('Location').inputValue()).toBe('Google');
    await screenshot(page, 'google-profile');
    expectOnlyGoogleScript(visit);
    await visit.context.close();
  });

  it('refuses a token made for another app, and the visitor stays logged out', async () => {
    const { page, visit } = await open(await idToken({ email: `x.${Date.now()}@gmail.test`, name: 'Imposter' }, 'someone-else.apps.googleusercontent.com'));
    await page.goto('/signup');
    await (await shown(page.getByRole('button', { name: 'Sign up with Google' }))).click();
    await shown(toast(page, 'Google sign-in could not be verified. Please try again.'));
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await page.evaluate(() => localStorage.getItem('userid'))).toBeNull();
    const session = await page.request.get('/api/session', { headers: { accept: 'application/json' } });
    expect(await session.json()).toEqual({ user: null });
    expectOnlyGoogleScript(visit);
    await visit.context.close();
  });

  it('says so when Google’s script cannot be reached', async () => {
    const { page, visit } = await open(null);
    await page.goto('/login');
    await shown(toast(page, 'Google login failed. Please try again.'));
    await shown(page.getByRole('button', { name: 'Login', exact: true }));
    await visit.context.close();
  });
});
