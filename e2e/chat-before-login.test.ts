import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@nirmaan/shared/chat';
import { expectToast, reach, storedUserId } from './support/accounts.ts';
import { WAIT, shown } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * The spec's own client in a real browser (issue: items 5 and 6): it opens its one socket when the app loads,
 * before login, emits joinRoom once when its chat page opens, shows a sent message at once and emits + POSTs
 * each message. Our web app opens its socket only on chat pages, so the page gets that client as a script:
 * socket.io-client's browser build, loaded into the page before login, keeping what it hears on `window`.
 */
let stage: Stage;
let server: RunningServer;
let page: Page;

// The package's exports name no dist/ file: found from its entry point (build/cjs/index.js).
const SOCKET_IO_BROWSER_BUILD = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('socket.io-client')), '../../dist/socket.io.min.js'), 'utf8');

interface SpecClient { connects: number; received: ChatMessage[]; loadedAt: number }
declare global {
  interface Window {
    io: (opts: object) => { on(event: string, fn: (...args: unknown[]) => void): void; emit(event: string, ...args: unknown[]): void };
    specChat: SpecClient & { socket: ReturnType<Window['io']> };
  }
}

const heard = () => page.evaluate(() => ({
  connects: window.specChat.connects, texts: window.specChat.received.map((m) => m.text), loadedAt: window.specChat.loadedAt,
}));

beforeAll(async () => {
  stage = await openStage();
  server = stage.server;
  page = await stage.page();
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

describe('a chat socket opened before login', () => {
  it('is accepted anonymously, reconnects with the session on joinRoom after the login, and hears the vendor live without a reload', { timeout: 240_000 }, async () => {
    // App load, logged out: the spec's client opens its socket now.
    await page.goto('/login');
    await page.evaluate(SOCKET_IO_BROWSER_BUILD);
    await page.evaluate(() => {
      const socket = window.io({ transports: ['websocket'] });
      window.specChat = { socket, connects: 0, received: [], loadedAt: performance.timeOrigin };
      socket.on('connect', () => { window.specChat.connects += 1; });
      socket.on('receiveMessage', (m) => { window.specChat.received.push(m as ChatMessage); });
    });
    await expect.poll(async () => (await heard()).connects, { timeout: WAIT }).toBe(1);
    const loadedAt = (await heard()).loadedAt;

    // The customer logs in on this page; the app moves to the home page without loading a new document.
    const form = page.getByRole('main');
    await shown(form.getByRole('heading', { level: 1, name: 'Welcome Back' }));
    await form.getByLabel('Email address').fill('asha@demo.nirmaan.in');
    await form.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login successful!', 'success');
    await reach(page, '/');
    const userid = await storedUserId(page);
    expect(userid).toBeTruthy();

    // The vendor (the demo plumber) is logged in elsewhere.
    const vendor = (await stage.page()).request;
    expect((await vendor.post(`${server.url}/api/vendor/login`, { data: { email: 'pro@demo.nirmaan.in', password: 'Demo@12345' } })).status()).toBe(200);
    const pro = (await (await vendor.get(`${server.url}/api/vendor/me`)).json()) as { _id: string };

    // The chat page opens: its one joinRoom. The server makes the socket reconnect, now with the session cookie.
    await page.evaluate((id) => window.specChat.socket.emit('joinRoom', id), userid);
    await expect.poll(async () => (await heard()).connects, { timeout: WAIT }).toBe(2);

    // The spec's client sends as it does: shown at once, emitted and POSTed, with no id of its own.
    const question = `Can you come on Saturday? (${Date.now().toString(36)})`;
    const posted = await page.evaluate(async ({ vendorId, me, text }) => {
      const body = { senderId: me, senderModel: 'Customer', receiverId: vendorId, receiverModel: 'Vendor', text };
      window.specChat.socket.emit('sendMessage', body);
      const res = await fetch('/api/messages/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return res.status;
    }, { vendorId: pro._id, me: userid, text: question });
    expect([200, 201]).toContain(posted);
    const thread = (await (await vendor.get(`${server.url}/api/messages/conversation/${userid}/${pro._id}`)).json()) as ChatMessage[];
    expect(thread.filter((m) => m.text === question)).toHaveLength(1);

    // The vendor answers; the page's socket hears it, without any reload or another joinRoom.
    const answer = `Yes, Saturday at 10 AM. (${Date.now().toString(36)})`;
    const reply = await vendor.post(`${server.url}/api/messages/send`, { data: { receiverId: userid, text: answer }, headers: { origin: server.url } });
    expect(reply.status()).toBe(201);
    await expect.poll(async () => (await heard()).texts, { timeout: WAIT }).toContain(answer);

    // Its own message never came back to it (it shows it already), and the page was never reloaded.
    await page.waitForTimeout(1_500);
    const after = await heard();
    expect(after.texts).toEqual([answer]);
    expect(after.connects).toBe(2);
    expect(after.loadedAt).toBe(loadedAt);
  });
});
