import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { whatsappMessages, whatsappSettings } from '../src/db/schema/index.ts';
import { notify, whatsappStandIn } from '../src/modules/whatsapp/service.ts';
import { freshDatabaseEnv, killHard, spawnServer, type ServerProcess } from './support/server-process.ts';
import { WA_KEYS } from './support/whatsapp.ts';

/**
 * The outbox against a kill -9 (issue 36, decision record 038): a real server process sends 50 queued messages to
 * the Cloud API stand-in, which answers slowly; the process is killed with SIGKILL while sends are in flight (received
 * by the stand-in, not yet marked sent), then started again. Every message arrives exactly once by the stand-in's
 * count, and each row carries the id the stand-in gave its message.
 */

const MESSAGES = 50;
const NUMBERS = 10;

/** The stand-in on a local server whose answers take 150–600 ms; it counts every POST, repeats included. */
async function slowStandIn() {
  const standIn = whatsappStandIn(WA_KEYS);
  const counts = { posts: 0, unanswered: 0, keys: new Map<string, number>() };
  const server = createServer((req, res) => {
    let rawBody = '';
    req.on('data', (c: Buffer) => { rawBody += c.toString(); });
    req.on('end', () => {
      // Received (and counted by the stand-in) at once; answered later: a kill in between is a send whose answer
      // never reached the server.
      const answer = standIn.handle({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), rawBody, headers: req.headers });
      counts.posts += 1;
      const key = String(req.headers['idempotency-key']);
      counts.keys.set(key, (counts.keys.get(key) ?? 0) + 1);
      counts.unanswered += 1;
      setTimeout(() => {
        counts.unanswered -= 1;
        if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      }, 150 + Math.floor(Math.random() * 450));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    standIn, counts, url,
    env: { WHATSAPP_ACCESS_TOKEN: WA_KEYS.accessToken, WHATSAPP_PHONE_NUMBER_ID: WA_KEYS.phoneNumberId, WHATSAPP_APP_SECRET: WA_KEYS.appSecret, WHATSAPP_VERIFY_TOKEN: WA_KEYS.verifyToken, WHATSAPP_API_URL: url },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 90_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the WhatsApp outbox under kill -9', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('kill -9 during 50 sends, then a restart: every message sent exactly once, by the stand-in\'s count', async () => {
    const database = await freshDatabaseEnv('nirmaan-wa-kill');
    cleanups.push(database.drop);
    const wa = await slowStandIn();
    cleanups.push(wa.close);
    const open = () => openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });

    // 50 messages to ten consenting customers (five each, under the per-number limit), queued before the start.
    const setup = await open();
    await setup.ready;
    await setup.migrate();
    const parties = Array.from({ length: NUMBERS }, (_, i) => ({ id: randomUUID(), phone: `+9198480${String(30000 + i)}` }));
    await setup.db.insert(whatsappSettings).values(parties.map((p) => ({
      party: 'customer' as const, partyId: p.id, phone: p.phone, consent: 'given' as const, language: 'en', consentedAt: new Date(), consentSource: 'profile',
    })));
    await setup.db.transaction(async (tx) => {
      for (let i = 0; i < MESSAGES; i++) {
        const p = parties[i % NUMBERS]!;
        expect(await notify(tx, { party: 'customer', id: p.id }, 'order_refunded', ['Lakshmi', `₹${i + 1}.00`])).toBeTruthy();
      }
    });
    await setup.close();

    const env = { ...database.env, ...wa.env };
    const first: ServerProcess = spawnServer(env);
    cleanups.push(() => killHard(first));
    await first.up();
    // Mid-send: some messages received by the stand-in whose answers have not reached the server yet.
    await until('sends in flight', () => wa.standIn.received.length >= 15 && wa.counts.unanswered > 0);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const receivedAtKill = wa.standIn.received.length;
    expect(receivedAtKill).toBeLessThan(MESSAGES);

    // What the kill left: rows leased to the dead process, some of them already received by the stand-in.
    const between = await open();
    await between.ready;
    const leased = await between.db.select().from(whatsappMessages).where(and(eq(whatsappMessages.status, 'queued'), isNotNull(whatsappMessages.leaseUntil)));
    const receivedKeys = new Set(wa.standIn.received.map((m) => String(m.body.biz_opaque_callback_data)));
    expect(leased.some((r) => receivedKeys.has(r.id)), 'a send received but not marked sent at the kill').toBe(true);
    // The leases a dead process holds end after 30 seconds; here they are moved back instead of waiting.
    await between.db.update(whatsappMessages).set({ leaseUntil: sql`now() - interval '1 second'` }).where(isNotNull(whatsappMessages.leaseUntil));
    await between.close();

    const second: ServerProcess = spawnServer(env);
    cleanups.push(() => killHard(second));
    await second.up();
    await until('all 50 messages at the stand-in', () => wa.standIn.received.length >= MESSAGES && wa.counts.unanswered === 0);
    // Then until the stand-in has had no post for 3 s (nothing more arrives: no duplicate after the last answer), so
    // the server has had the time to record the last answers it got, however loaded the machine.
    let posts = -1;
    let quietSince = Date.now();
    await until('no post for 3 s', () => {
      if (wa.counts.posts !== posts || wa.counts.unanswered > 0) {
        posts = wa.counts.posts;
        quietSince = Date.now();
      }
      return Date.now() - quietSince >= 3_000;
    });
    second.child.kill('SIGTERM');
    await second.exited;

    // Exactly once by the stand-in's count: 50 messages, 50 different amounts, one per key.
    expect(wa.standIn.received).toHaveLength(MESSAGES);
    const amounts = wa.standIn.received.map((m) => (m.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters[1]!.text);
    expect(new Set(amounts).size).toBe(MESSAGES);
    // The sends cut off by the kill went again, with the same idempotency key, and were not counted again.
    expect(wa.counts.posts).toBeGreaterThan(MESSAGES);
    expect([...wa.counts.keys.values()].some((n) => n > 1)).toBe(true);

    const after = await open();
    await after.ready;
    try {
      const rows = await after.db.select().from(whatsappMessages);
      expect(rows).toHaveLength(MESSAGES);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      const wamidOf = new Map(wa.standIn.received.map((m) => [String(m.body.biz_opaque_callback_data), m.wamid]));
      expect(rows.every((r) => r.wamid === wamidOf.get(r.id))).toBe(true);
    } finally {
      await after.close();
    }
  }, 240_000);
});
