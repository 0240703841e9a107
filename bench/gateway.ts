/**
 * npm run bench:gateway: does a slow payment gateway slow anything else down? The built server runs against the
 * local Razorpay stand-in answering every call after 8 s (BENCH_GATEWAY_DELAY_MS). A stream of /healthz, an
 * uncached search and a login, one after another, runs first alone (idle) and then while 12 online orders and
 * 5 refunds (cancels of paid orders) wait on the gateway (loaded). Reports each phase's p50/p99 and the ratio
 * loaded p99 / idle p99 (goal: within 2×), on PGlite and on PostgreSQL (a fresh database on DATABASE_URL's
 * server, default the local one, dropped afterwards). JSON in bench/results/gateway-<engine>-<time>.json.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startRazorpay } from '../apps/server/test/support/razorpay.ts';
import { percentile, printTable, requireBuild, round1, startServer, tempDataDir, writeResult } from './lib.ts';

const DELAY_MS = Number(process.env.BENCH_GATEWAY_DELAY_MS ?? 8_000);
const IDLE_MS = Number(process.env.BENCH_GATEWAY_IDLE_MS ?? 6_000);
const DEMO = { email: 'asha@demo.nirmaan.in', password: 'Demo@12345' };

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

async function runOn(engine: 'pglite' | 'postgres') {
  const rzp = await startRazorpay();
  const data = tempDataDir('nirmaan-bench-gateway');
  const admin = engine === 'postgres' ? new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }) : null;
  const dbName = `nirmaan_bench_gateway_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const server = await startServer({ dataDir: data.dir, databaseUrl, env: { ...rzp.env, RAZORPAY_CHECKOUT_URL: `${rzp.url}/checkout.js` } });
  try {
    const base = server.base;
    const login = await fetch(`${base}/fetch/userprofile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
    const me = (await json<{ user?: { _id: string }; _id?: string; userId?: string }>(login.clone())) as Record<string, unknown>;
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const customerId = String((me.user as { _id?: string } | undefined)?._id ?? me._id ?? me.userId);
    const headers = { 'content-type': 'application/json', cookie };
    const page = await json<{ items: { _id: string; stock: number }[] }>(await fetch(`${base}/api/products?category=Cement&limit=20`));
    const product = page.items.find((p) => p.stock > 100) ?? page.items[0]!;
    const order = (method: string) => fetch(`${base}/ordercart`, {
      method: 'POST', headers,
      body: JSON.stringify({
        paymentMethod: method,
        orders: [{ productId: product._id, quantity: 1, customerId, customerName: 'Asha', phone: '9876543210', email: DEMO.email,
          shippingAddress: { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' } }],
      }),
    });

    // Five paid orders to cancel later, made while the gateway answers at once.
    const paid: string[] = [];
    for (let i = 0; i < 5; i++) {
      const placed = await json<{ orderId: string; payment: { razorpayOrderId: string } }>(await order('online'));
      const fields = rzp.pay(placed.payment.razorpayOrderId);
      await json(await fetch(`${base}/api/payments/razorpay/verify`, { method: 'POST', headers, body: JSON.stringify(fields) }));
      paid.push(placed.orderId);
    }

    let n = 0;
    const stream = async (until: () => boolean) => {
      const times: number[] = [];
      while (!until()) {
        for (const req of [
          () => fetch(`${base}/healthz`),
          () => fetch(`${base}/api/search/suggest?q=${encodeURIComponent(`cem${n++}`)}`),
          () => fetch(`${base}/fetch/userprofile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) }),
        ]) {
          const t0 = performance.now();
          const res = await req();
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`stream request answered ${res.status}`);
          times.push(performance.now() - t0);
        }
      }
      return times.sort((a, b) => a - b);
    };
    const summary = (times: number[]) => ({ requests: times.length, p50: round1(percentile(times, 50)), p99: round1(percentile(times, 99)) });

    const idleEnd = Date.now() + IDLE_MS;
    const idle = await stream(() => Date.now() > idleEnd);

    rzp.state.delayMs = DELAY_MS;
    const before = rzp.calls.length;
    const inFlight = [
      ...Array.from({ length: 12 }, () => order('online').then((r) => r.status)),
      ...paid.map((id) => fetch(`${base}/api/cancel/${id}`, { method: 'PUT', headers: { cookie } }).then((r) => r.status)),
    ];
    // Measured while the gateway still holds the calls (the requests themselves answer after their 5 s wait).
    const loadedEnd = Date.now() + DELAY_MS - 500;
    const loaded = await stream(() => Date.now() > loadedEnd);
    const statuses = await Promise.all(inFlight);
    const gatewayCalls = rzp.calls.length - before;

    if (statuses.some((st, i) => st !== (i < 12 ? 201 : 200))) throw new Error(`the orders and cancels in flight answered ${statuses.join(', ')}`);
    const result = {
      gatewayDelayMs: DELAY_MS, inFlight: { onlineOrders: 12, refunds: 5, statuses, gatewayCalls },
      idle: summary(idle), loaded: summary(loaded), ratioP99: round1(percentile(loaded, 99) / percentile(idle, 99)),
    };
    const file = writeResult('gateway', engine, result);
    printTable(`bench:gateway on ${engine} (gateway answering after ${DELAY_MS / 1000} s; healthz + uncached search + login, one at a time)`, [
      { phase: 'idle', requests: result.idle.requests, 'p50 ms': result.idle.p50, 'p99 ms': result.idle.p99 },
      { phase: 'loaded: 12 orders + 5 refunds in flight', requests: result.loaded.requests, 'p50 ms': result.loaded.p50, 'p99 ms': result.loaded.p99 },
    ]);
    console.log(`loaded p99 / idle p99 = ${result.ratioP99} (goal ≤ 2)  → ${file}`);
    return result;
  } finally {
    await server.stop();
    await rzp.close();
    data.remove();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => admin.query(`drop database if exists ${dbName}`));
      await admin.end();
    }
  }
}

export async function benchGateway() {
  requireBuild();
  await runOn('pglite');
  await runOn('postgres');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchGateway().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
