/**
 * npm run soak:crash [-- --rounds 10 --concurrency 16]
 *
 * Kills the real server with SIGKILL again and again under a write load and checks that no acknowledged
 * write is lost. Each round: start the server, wait for its first answer (the restart time), drive
 * concurrent writes (POST /sendotp with unique emails: one transaction stores a code and a queued mail;
 * a 200 means acknowledged), kill -9 at a random moment. At the end the database is reopened and every
 * acknowledged write is looked up.
 *
 * Beside them, the demo customer places online orders, pays them at the local Razorpay stand-in (answering each
 * call after 150 ms, so kills land mid-call) and cancels some once paid (a refund). Acknowledged orders (201),
 * payments (verify 200) and refunds (cancel 200) are looked up too; the last start runs 40 s so the worker can
 * finish what the kills interrupted, and the stand-in's records must show no gateway order or refund made twice.
 *
 * PGlite (default): a temporary DATA_DIR, so every restart also takes over the killed process's stale lock.
 * PostgreSQL: with DATABASE_URL, a fresh database created here and dropped at the end.
 * Talks only to 127.0.0.1. Codes are limited per client address, so each write comes from its own loopback
 * address (127.0.0.0/8): the server's limits stay as they are. Exits 1 if anything acknowledged is lost.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { orders, paymentRefunds, payments } from '../apps/server/src/db/schema/index.ts';
import { startRazorpay } from '../apps/server/test/support/razorpay.ts';
import { sendOtpWrite, storedEmailsLike, storedWrites, type WriteOutcome } from '../apps/server/test/support/otp-writes.ts';
import { exitWithin, killHard, spawnServer, type ServerProcess } from '../apps/server/test/support/server-process.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
  },
});
const ROUNDS = Math.max(1, Math.min(200, Number(values.rounds)));
const CONCURRENCY = Math.max(1, Math.min(64, Number(values.concurrency)));
const MAX_WRITES_PER_ROUND = 5_000;
const START_TIMEOUT_MS = 120_000;
const DEADLINE = Date.now() + ROUNDS * 120_000 + 120_000;

const adminUrl = process.env.DATABASE_URL;
const engine = adminUrl ? 'postgres' : 'pglite';
const run = randomBytes(4).toString('hex');
const suffix = `@soak-${run}.test`;

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Spawns the server and polls /healthz until the first 200; returns the milliseconds from spawn to it. */
async function start(env: Record<string, string>, port: number): Promise<{ server: ServerProcess; ms: number }> {
  const t0 = performance.now();
  const server = spawnServer({ ...env, PORT: String(port), LOG_LEVEL: 'error' });
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited (${server.child.exitCode ?? server.child.signalCode}) while starting:\n${server.output()}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status === 200, () => false);
    if (ok) return { server, ms: performance.now() - t0 };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await killHard(server);
  throw new Error(`server did not answer within ${START_TIMEOUT_MS} ms:\n${server.output()}`);
}

const DEMO = { email: 'asha@demo.nirmaan.in', password: 'Demo@12345' };
interface Shopping { orders: string[]; payments: { orderId: string; paymentId: string }[]; refunds: string[] }

/** Logged in once and kept across restarts (sessions live in the database), so each round goes straight to shopping. */
interface Session { cookie: string; customerId: string; productId: string }

async function post(base: string, method: string, url: string, body: object | undefined, cookie = '') {
  try {
    const res = await fetch(`${base}${url}`, {
      method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie }, ...(body ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.json().catch(() => ({})) as Record<string, unknown>, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! };
  } catch {
    return { status: 0, body: {} as Record<string, unknown>, cookie: '' };
  }
}

/** Logs the demo customer in and picks a product, before a round's kill timer starts. */
async function logIn(base: string, session: Partial<Session>) {
  if (session.cookie) return;
  const login = await post(base, 'POST', '/fetch/userprofile', DEMO);
  if (login.status !== 200) return;
  const page = await fetch(`${base}/api/products?category=Cement&limit=20`).then((r) => r.json() as Promise<{ items: { _id: string }[] }>).catch(() => ({ items: [] }));
  if (page.items[0]) Object.assign(session, { cookie: login.cookie, customerId: (login.body.user as { _id: string })._id, productId: page.items[0]._id });
}

/** The demo customer's online orders, payments and cancels against the server at `base` until `stopped()`. */
async function shop(base: string, rzp: Awaited<ReturnType<typeof startRazorpay>>, acked: Shopping, stopped: () => boolean, session: Partial<Session>) {
  if (!session.cookie) return;
  const { customerId, productId } = session as Session;
  const cookie = session.cookie;
  const send = (method: string, url: string, body?: object) => post(base, method, url, body, cookie);
  while (!stopped()) {
    const placed = await send('POST', '/ordercart', {
      paymentMethod: 'online',
      orders: [{ productId, quantity: 1, customerId, customerName: 'Asha', phone: '9876543210', email: DEMO.email,
        shippingAddress: { fullAddress: '12 Road No. 36', city: 'Hyderabad', pincode: '500033', state: 'Telangana' } }],
    });
    if (placed.status !== 201) continue;
    const orderId = placed.body.orderId as string;
    acked.orders.push(orderId);
    let rzpOrder = (placed.body.payment as { razorpayOrderId: string | null }).razorpayOrderId;
    if (!rzpOrder) rzpOrder = ((await send('POST', `/api/payments/razorpay/order/${orderId}`)).body.razorpayOrderId as string | undefined) ?? null;
    if (!rzpOrder || stopped()) continue;
    const fields = rzp.pay(rzpOrder);
    if ((await send('POST', '/api/payments/razorpay/verify', fields)).status !== 200) continue;
    acked.payments.push({ orderId, paymentId: fields.razorpay_payment_id });
    if (Math.random() < 0.5 && (await send('PUT', `/api/cancel/${orderId}`)).status === 200) acked.refunds.push(orderId);
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nirmaan-soak-'));
  const dbName = `nirmaan_soak_${process.pid}_${run}`;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    await admin(`create database "${dbName}"`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const rzp = await startRazorpay();
  rzp.state.delayMs = 150;
  const shopped: Shopping = { orders: [], payments: [], refunds: [] };
  const session: Partial<Session> = {};
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_ON_START: 'true', ...rzp.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  let server: ServerProcess | undefined;
  try {
    const port = await freePort();
    const outcomes: WriteOutcome[] = [];
    const startTimes: number[] = [];
    let n = 0;
    console.log(`soak:crash on ${engine}: ${ROUNDS} rounds, ${CONCURRENCY} concurrent writes, kill -9 at a random moment`);

    for (let round = 1; round <= ROUNDS && Date.now() < DEADLINE; round++) {
      const started = await start(env, port);
      server = started.server;
      startTimes.push(started.ms);
      await logIn(`http://127.0.0.1:${port}`, session);
      const killAfter = 300 + Math.random() * 2_200;
      let stop = false;
      let roundWrites = 0;
      const before = outcomes.length;
      const worker = async () => {
        while (!stop && roundWrites < MAX_WRITES_PER_ROUND) {
          roundWrites += 1;
          outcomes.push(await sendOtpWrite(`http://127.0.0.1:${port}`, `r${round}-${n++}${suffix}`, 10_000));
        }
      };
      const workers = [...Array.from({ length: CONCURRENCY }, worker), shop(`http://127.0.0.1:${port}`, rzp, shopped, () => stop, session), shop(`http://127.0.0.1:${port}`, rzp, shopped, () => stop, session)];
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      stop = true; // no new writes; those in flight meet the kill
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(workers);
      const mine = outcomes.slice(before);
      const acked = mine.filter((o) => o.status === 200).length;
      const other = mine.filter((o) => o.status !== undefined && o.status !== 200).length;
      console.log(`  round ${String(round).padStart(3)}: ${started.ms.toFixed(0).padStart(6)} ms to first answer, killed after ${killAfter.toFixed(0)} ms, ` +
        `${acked} acknowledged, ${mine.length - acked - other} cut off by the kill${other ? `, ${other} other answers` : ''}`);
    }

    // Once more after the last kill: the restart is measured too, then a clean stop before counting.
    const last = await start(env, port);
    server = last.server;
    startTimes.push(last.ms);
    // The worker finishes what the kills interrupted (leases of killed calls run out after 30 s).
    await new Promise((resolve) => setTimeout(resolve, 40_000));
    server.child.kill('SIGTERM');
    const exit = await exitWithin(server, 15_000);
    if (exit?.code !== 0) throw new Error(`the server did not stop cleanly (${JSON.stringify(exit)}):\n${server.output()}`);

    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.email);
    const database = await openDatabase({ databaseUrl, dataDir });
    let storedAcked: number;
    let lost: string[];
    let storedUnacked: number;
    let money: Record<string, number>;
    try {
      const stored = await storedWrites(database.db, acknowledged);
      lost = acknowledged.filter((e) => !stored.withCode.has(e) || !stored.withMail.has(e));
      storedAcked = acknowledged.length - lost.length;
      const all = await storedEmailsLike(database.db, suffix);
      storedUnacked = [...all].filter((e) => !acknowledged.includes(e)).length;
      const db = database.db;
      // Small sets: read whole tables and compare here.
      const storedOrders = new Set((await db.select({ id: orders.id }).from(orders)).map((r) => r.id));
      const allPayments = await db.select().from(payments);
      const allRefunds = await db.select().from(paymentRefunds);
      const paid = new Set(allPayments.filter((r) => r.status === 'paid').map((r) => r.razorpayPaymentId));
      const refundedOrders = new Set(allRefunds.map((r) => r.orderId));
      const byReceipt = new Map<string, number>();
      for (const r of rzp.refunds) byReceipt.set(r.receipt ?? '', (byReceipt.get(r.receipt ?? '') ?? 0) + 1);
      const byIntent = new Map<string, number>();
      for (const o of rzp.orders.values()) byIntent.set(o.notes.intent ?? '', (byIntent.get(o.notes.intent ?? '') ?? 0) + 1);
      money = {
        ordersAcknowledged: shopped.orders.length, ordersLost: shopped.orders.filter((id) => !storedOrders.has(id)).length,
        paymentsAcknowledged: shopped.payments.length, paymentsLost: shopped.payments.filter((p) => !paid.has(p.paymentId)).length,
        refundsAcknowledged: shopped.refunds.length, refundsLost: shopped.refunds.filter((id) => !refundedOrders.has(id)).length,
        refundsStillPending: allRefunds.filter((r) => r.razorpayRefundId === null).length,
        gatewayOrdersStillToMake: allPayments.filter((r) => r.status === 'creating').length,
        gatewayRefunds: rzp.refunds.length, refundedTwice: [...byReceipt.values()].filter((n) => n > 1).length,
        gatewayOrders: rzp.orders.size, gatewayOrdersMadeTwice: [...byIntent.values()].filter((n) => n > 1).length,
      };
    } finally {
      await database.close();
    }

    const restarts = startTimes.slice(1); // the first start also creates and migrates the database
    const summary = {
      engine,
      rounds: startTimes.length - 1,
      acknowledged: acknowledged.length,
      stored: storedAcked,
      lost: lost.length,
      storedWithoutAcknowledgement: storedUnacked,
      firstStartMs: Math.round(startTimes[0]!),
      restartP50Ms: Math.round(percentile(restarts, 50)),
      restartMaxMs: Math.round(Math.max(...restarts)),
    };
    console.log('');
    console.table(summary);
    console.log('(stored without acknowledgement: committed, but the kill came before the answer left; allowed)');
    console.table(money);
    if (lost.length > 0) {
      console.error(`LOST ${lost.length} acknowledged writes, e.g. ${lost.slice(0, 5).join(', ')}`);
      process.exitCode = 1;
    }
    if (money.ordersLost || money.paymentsLost || money.refundsLost || money.refundedTwice || money.gatewayOrdersMadeTwice) {
      console.error('LOST or DOUBLED money: see the table above');
      process.exitCode = 1;
    }
  } finally {
    if (server) await killHard(server);
    await rzp.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
