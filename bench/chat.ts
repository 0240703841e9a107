/**
 * `npm run bench:chat`: delivery latency of chat on the built server. 1,000 sockets (500 customers and
 * 500 vendors, paired, sessions made in the database), each sending to its partner, paced at 1,000 messages a
 * second in total; each receiver measures the time from send to `receiveMessage`. p50 and p99:
 *   - a bare socket.io server, same fan-out, no sessions, limits or database: this machine's floor, this run,
 *   - one process (limits in the database, no Redis),
 *   - one process with REDIS_URL (limits in Redis),
 *   - two processes through Redis (customers on one, vendors on the other: every message crosses).
 * Needs PostgreSQL (DATABASE_URL, default the local server; a fresh database is made and dropped) and, for the
 * Redis runs, REDIS_URL. BENCH_CHAT_SECONDS (default 10) measured after 2 s of warm-up; BENCH_CHAT_SOCKETS.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage } from '@nirmaan/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { customers, messages, vendors } from '../apps/server/src/db/schema/index.ts';
import { createSession } from '../apps/server/src/modules/auth/service.ts';
import { percentile, printTable, requireBuild, root, round1, startServer, tempDataDir, writeResult, type Server } from './lib.ts';

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1_000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 1_000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** Extra node flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see what bounds the latency. */
const NODE_ARGS = process.env.BENCH_CHAT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

interface Party { id: string; token: string; partner: string }

/** Customers and vendors in pairs, each pair with one message already (so vendors may write too), and sessions. */
async function makeParties(databaseUrl: string, pairs: number) {
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const db = database.db;
  const tag = randomBytes(3).toString('hex');
  const cs = await db.insert(customers).values(Array.from({ length: pairs }, (_, i) => ({
    fullName: `Bench Customer ${i}`, email: `bench-c-${tag}-${i}@example.test`, phone: '9876543210', location: 'Hyderabad',
  }))).returning({ id: customers.id });
  const vs = await db.insert(vendors).values(Array.from({ length: pairs }, (_, i) => ({
    kind: 'professional' as const, ownerName: `Bench Owner ${i}`, businessName: `Bench Works ${i}`, email: `bench-v-${tag}-${i}@example.test`,
    phone: '9123456780', passwordHash: 'x', businessAddress: 'MG Road, Hyderabad', city: 'Hyderabad', description: 'Bench vendor',
    category: 'Plumber', subCategories: ['Plumber'], chargeAmount: 600, chargeType: 'Per Visit' as const,
  }))).returning({ id: vendors.id });
  await db.insert(messages).values(cs.map((c, i) => ({ customerId: c.id, vendorId: vs[i]!.id, sender: 'Customer' as const, text: 'hello' })));
  const customersP: Party[] = [];
  const vendorsP: Party[] = [];
  for (let i = 0; i < pairs; i++) {
    customersP.push({ id: cs[i]!.id, partner: vs[i]!.id, token: await createSession(db, { customerId: cs[i]!.id }) });
    vendorsP.push({ id: vs[i]!.id, partner: cs[i]!.id, token: await createSession(db, { vendorId: vs[i]!.id }) });
  }
  await database.close();
  return { customers: customersP, vendors: vendorsP };
}

/** A client socket: with the party's session cookie on our server, or its id as `auth` on the bare one. */
function open(base: string, party: Party, bare: boolean): Promise<Socket> {
  const s = connect(base, {
    forceNew: true, transports: ['websocket'], reconnection: false,
    ...(bare ? { auth: { id: party.id } } : { extraHeaders: { cookie: `nirmaan_session=${party.token}` } }),
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/**
 * After a run its receivers have read what they got, as people do: otherwise the next run's servers would spend
 * it on their mail sweeper (tens of thousands of messages unread for minutes) rather than on chat.
 */
async function markAllRead(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await pool.query('update messages set read_at = now() where read_at is null');
  await pool.end();
}

/** One run: connect every party to its server, send at RATE for WARMUP + SECONDS, measure each delivery to the partner. */
async function run(label: string, placements: { party: Party; base: string }[], bare = false) {
  const sockets: Socket[] = [];
  for (let i = 0; i < placements.length; i += 50) {
    sockets.push(...await Promise.all(placements.slice(i, i + 50).map((p) => open(p.base, p.party, bare))));
  }
  const latencies: number[] = [];
  let measuring = false;
  let sent = 0;
  let measuredSent = 0;
  let refused = 0;
  /** When each message in flight was sent, and whether it counts (sent after the warm-up). */
  const sentAt = new Map<string, { at: number; measured: boolean }>();
  sockets.forEach((s, i) => {
    const me = placements[i]!.party;
    s.on('receiveMessage', (m: ChatMessage) => {
      if (m.senderId === me.id) return; // the sender's own copy, for its other tabs
      const sent = sentAt.get(m.text);
      if (sent === undefined) return;
      sentAt.delete(m.text);
      if (sent.measured) latencies.push(performance.now() - sent.at);
    });
    s.on('chatError', () => { refused += 1; });
  });

  const start = performance.now();
  const total = RATE * (WARMUP_SECONDS + SECONDS);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE));
      measuring = performance.now() - start >= WARMUP_SECONDS * 1000;
      while (sent < due) {
        const i = sent % sockets.length;
        const text = `m${sent}`;
        sentAt.set(text, { at: performance.now(), measured: measuring });
        if (measuring) measuredSent += 1;
        sockets[i]!.emit('sendMessage', { receiverId: placements[i]!.party.partner, text });
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  await new Promise((r) => setTimeout(r, 2_000));
  for (const s of sockets) s.close();
  const sorted = latencies.sort((a, b) => a - b);
  const lost = measuredSent - sorted.length;
  return {
    run: label, sockets: sockets.length, ratePerSecond: RATE, seconds: SECONDS, measured: sorted.length, lost, refused,
    p50: round1(percentile(sorted, 50)), p90: round1(percentile(sorted, 90)), p99: round1(percentile(sorted, 99)), max: round1(sorted[sorted.length - 1] ?? NaN),
  };
}

/** bench/chat-bare-server.ts in a child process. */
async function startBare() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/chat-bare-server.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/PORT (\d+)/);
      if (m) resolve(m[1]!);
    });
    child.once('exit', () => reject(new Error(`bare socket.io server exited: ${out}`)));
  });
  const exited = new Promise((r) => child.once('exit', r));
  return { base: `http://127.0.0.1:${port}`, stop: async () => { child.kill('SIGTERM'); await exited; } };
}

export async function benchChat() {
  requireBuild();
  const loadBefore = os.loadavg().map(round1);
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL;
  const name = `nirmaan_bench_chat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
  await admin.query(`create database "${name}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const data = tempDataDir('nirmaan-bench-chat');
  const servers: Server[] = [];
  const results = [];
  try {
    const pairs = Math.floor(SOCKETS / 2);
    const parties = await makeParties(databaseUrl, pairs);
    const everyone = [...parties.customers, ...parties.vendors];
    const start = async (env: Record<string, string>) => {
      const s = await startServer({ dataDir: data.dir, databaseUrl, env: { SEED_ON_START: 'false', ...env }, nodeArgs: NODE_ARGS });
      servers.push(s);
      return s;
    };
    const stopAll = async () => {
      for (const s of servers.splice(0)) await s.stop();
    };

    const floor = await startBare();
    try {
      results.push(await run('bare socket.io (no session, limit or database)', everyone.map((party) => ({ party, base: floor.base })), true));
    } finally {
      await floor.stop();
    }

    const one = await start({ REDIS_URL: '' });
    results.push(await run('one process (limits in PostgreSQL)', everyone.map((party) => ({ party, base: one.base }))));
    await stopAll();
    await markAllRead(databaseUrl);

    if (redisUrl) {
      const prefix = `nirmaan-bench-chat-${randomBytes(3).toString('hex')}:`;
      const a = await start({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
      results.push(await run('one process, Redis', everyone.map((party) => ({ party, base: a.base }))));
      await markAllRead(databaseUrl);
      const b = await start({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
      results.push(await run('two processes through Redis', [
        ...parties.customers.map((party) => ({ party, base: a.base })),
        ...parties.vendors.map((party) => ({ party, base: b.base })),
      ]));
      await stopAll();
    } else {
      console.log('REDIS_URL is not set: the Redis runs are skipped.');
    }
  } finally {
    for (const s of servers) await s.stop();
    data.remove();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  printTable(`Chat delivery latency, ms (${SOCKETS} sockets, ${RATE} messages/s, PostgreSQL)`, results);
  // The machine is shared: its load average (1, 5, 15 min) beside the figures, and the bare server's as the floor.
  const file = writeResult('chat', 'postgres', { goal: { oneProcessP99Ms: 10, twoProcessesP99Ms: 20 }, loadAverage: { before: loadBefore, after: os.loadavg().map(round1) }, results });
  if (process.env.BENCH_CHAT_SAMPLE === '1') copyFileSync(path.join(root, file), path.join(root, 'bench/results/sample-chat.json'));
  console.log(`\nwritten: ${file}`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchChat().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
