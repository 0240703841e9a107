import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@nirmaan/shared';
import { openDatabase, type Database } from '../src/db/client.ts';
import { chatSocket, collect, sendBySocket, sessionOf, until } from './support/chat.ts';
import { createCustomer, createVendor } from './support/factories.ts';
import { freshDatabaseEnv, killHard, spawnServer, type ServerProcess } from './support/server-process.ts';

/**
 * Scale-out: two real server processes on one PostgreSQL database and one Redis. A message sent
 * through one process reaches a client connected to the other. Needs both (CI's PostgreSQL + Redis pass).
 */
const enabled = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!enabled)('chat across two server processes through Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('delivers a message sent through one process to a client on the other, both ways, and stores a twin once', async () => {
    const fresh = await freshDatabaseEnv('nirmaan-chat-redis');
    cleanups.push(() => fresh.drop());
    const database: Database = await openDatabase({ databaseUrl: fresh.databaseUrl! });
    cleanups.push(() => database.close());
    await database.migrate();

    const env = { ...fresh.env, REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `nirmaan-chat-${randomBytes(4).toString('hex')}:` };
    const servers: ServerProcess[] = [spawnServer(env), spawnServer(env)];
    for (const s of servers) cleanups.push(() => killHard(s));
    const [urlA, urlB] = await Promise.all(servers.map((s) => s.up()));
    expect(urlA).not.toBe(urlB);

    const customer = await createCustomer(database.db, { fullName: 'Farhan Qureshi' });
    const vendor = await createVendor(database.db);
    const sockets: Socket[] = [];
    cleanups.push(async () => sockets.forEach((s) => s.close()));
    const csToken = await sessionOf(database.db, { customerId: customer.id });
    const cs = await chatSocket(urlA!, csToken);
    const vToken = await sessionOf(database.db, { vendorId: vendor.id });
    const vs = await chatSocket(urlB!, vToken);
    sockets.push(cs, vs);
    const toVendor = collect<ChatMessage>(vs, 'receiveMessage');
    const toCustomer = collect<ChatMessage>(cs, 'receiveMessage');

    const ack = await sendBySocket(cs, { receiverId: vendor.id, text: 'Sent through process A' });
    expect(ack.ok).toBe(true);
    await until(() => toVendor.length === 1);
    expect(toVendor[0]!.text).toBe('Sent through process A');

    expect((await sendBySocket(vs, { receiverId: customer.id, text: 'Answered through process B' })).ok).toBe(true);
    await until(() => toCustomer.some((m) => m.text === 'Answered through process B'));

    // The spec client's twin: socket on A, POST on B, at once: one message, delivered once.
    const body = { receiverId: vendor.id, text: 'Twin across processes' };
    const cToken = await sessionOf(database.db, { customerId: customer.id });
    const [twinAck, posted] = await Promise.all([
      sendBySocket(cs, body),
      fetch(`${urlB}/api/messages/send`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `nirmaan_session=${cToken}` }, body: JSON.stringify(body) }),
    ]);
    const postedMessage = await posted.json() as ChatMessage;
    expect(twinAck.ok && twinAck.message._id).toBe(postedMessage._id);
    await until(() => toVendor.some((m) => m.text === 'Twin across processes'));
    await new Promise((r) => setTimeout(r, 300));
    expect(toVendor.filter((m) => m.text === 'Twin across processes')).toHaveLength(1);

    // No echo to the sending socket, wherever the twin lands: the customer's other tab is on B, its POST twin
    // goes to B, first or second; the sending socket on A never hears its own messages.
    const otherTab = await chatSocket(urlB!, cToken);
    sockets.push(otherTab);
    const toOtherTab = collect<ChatMessage>(otherTab, 'receiveMessage');
    const toSender = toCustomer.length;
    const post = (text: string) => fetch(`${urlB}/api/messages/send`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: `nirmaan_session=${cToken}` }, body: JSON.stringify({ receiverId: vendor.id, text }),
    });
    const texts = ['Echo test 1', 'Echo test 2', 'Echo test 3', 'POSTed first on B'];
    for (const text of texts.slice(0, 3)) {
      const [ack, res] = await Promise.all([sendBySocket(cs, { receiverId: vendor.id, text }), post(text)]);
      expect(ack.ok && ack.message._id).toBe((await res.json() as ChatMessage)._id);
    }
    const postFirst = await post('POSTed first on B');
    expect(postFirst.status).toBe(201);
    expect(await sendBySocket(cs, { receiverId: vendor.id, text: 'POSTed first on B' })).toMatchObject({ ok: true, message: { _id: (await postFirst.json() as ChatMessage)._id } });
    await until(() => texts.every((text) => toOtherTab.some((m) => m.text === text) && toVendor.some((m) => m.text === text)));
    await new Promise((r) => setTimeout(r, 1_500));
    for (const seen of [toOtherTab, toVendor]) expect(seen.filter((m) => texts.includes(m.text)).map((m) => m.text).sort()).toEqual([...texts].sort());
    expect(toCustomer.slice(toSender)).toEqual([]);

    // A logout through B ends that session's socket on A: its transport is closed (which a client retries by
    // itself, as anonymous), and the customer's socket of another session, the tab on B, stays.
    const closed = new Promise((resolve) => cs.once('disconnect', resolve));
    const out = await fetch(`${urlB}/api/logout`, { method: 'POST', headers: { cookie: `nirmaan_session=${csToken}` } });
    expect(out.status).toBe(200);
    expect(await closed).toBe('transport close');
    await new Promise((r) => setTimeout(r, 300));
    expect(otherTab.connected).toBe(true);
  }, 120_000);
});
