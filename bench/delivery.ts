/**
 * `npm run bench:delivery` (decision record 034): the quote of a 20-line cart from 5 sellers, each with its own
 * delivery settings (area rules, three vehicles), on PGlite with the demo catalogue: the service that
 * POST /api/delivery/quote calls (the products and settings read, the PIN look-up, the engine), in process; p50 and
 * p95 of BENCH_DELIVERY_REQUESTS (default 300) quotes after a warm-up. Then the PIN table's memory: the RSS a fresh
 * process gains by loading it (after a GC on both sides), and one look-up's time.
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { quote as quoteCart, saveVendorDelivery } from '../apps/server/src/modules/delivery/service.ts';
import { quoteSeller, type LoadLine } from '../apps/server/src/modules/delivery/quote.ts';
import { DEMO_SELLER_DELIVERY } from '../apps/server/src/seed/data/delivery.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { percentile, printTable, root, round1, writeResult } from './lib.ts';

const REQUESTS = Number(process.env.BENCH_DELIVERY_REQUESTS ?? 300);
const WARM_UP = 30;

/** Five sellers with products, each given the demo seller's kind of settings plus a few area rules; four products of each. */
async function cartOfFiveSellers(db: Db) {
  const result = await db.execute(`select vendor_id, (array_agg(id order by id))[1:4] as ids from products where deleted_at is null
    group by vendor_id having count(*) >= 4 order by vendor_id limit 5`) as unknown as { rows: { vendor_id: string; ids: string[] }[] };
  const rows = result.rows;
  if (rows.length < 5) throw new Error('the demo catalogue has fewer than 5 sellers with 4 products');
  const areaRules = [{ match: '5000', include: true }, { match: '50003', include: false }, { match: '500032', include: true }, { match: '4', include: false }];
  for (const r of rows) await saveVendorDelivery(db, r.vendor_id, { ...DEMO_SELLER_DELIVERY, areaRules });
  return rows.flatMap((r) => r.ids.map((productId, i) => ({ productId, quantity: 5 + i * 10 })));
}

/**
 * The engine alone (no database): five sellers' quotes of four lines each, as the service runs them, so the
 * figure above can be split into the engine and the two reads under the machine's load.
 */
function engineOnly() {
  const card = { ...DEMO_SELLER_DELIVERY, dispatch: { latitude: 17.3862, longitude: 78.462 } };
  const to = { pincode: '500032', latitude: 17.1316, longitude: 78.4112 };
  const lines: LoadLine[] = Array.from({ length: 4 }, (_, i) => ({ productId: `p${i}`, name: 'Cement', category: 'Cement', quantity: 5 + i * 10 + 40, weightKg: 50, volumeM3: 0.035, totalPaise: 40_000 }));
  const ms: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const t = performance.now();
    for (let s = 0; s < 5; s++) quoteSeller(card, lines, to, i % 4, new Date());
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(ms, 50) * 1000) / 1000, p95Ms: Math.round(percentile(ms, 95) * 1000) / 1000 };
}

/** The PIN table's RSS in a fresh process: before and after loading it, each after a GC. */
function pincodeMemory() {
  const script = `
    const { pincodeCount, findPincode } = await import(${JSON.stringify(pathToFileURL(`${root}/apps/server/src/modules/delivery/pincodes.ts`).href)});
    gc(); const before = process.memoryUsage();
    const n = pincodeCount();
    gc(); const after = process.memoryUsage();
    const t = performance.now(); for (let i = 0; i < 100000; i++) findPincode(String(110001 + (i * 7919) % 745000)); const perLookupUs = (performance.now() - t) * 1000 / 100000;
    console.log(JSON.stringify({ n, rssMB: (after.rss - before.rss) / 2 ** 20, heapMB: (after.heapUsed - before.heapUsed) / 2 ** 20, arrayBuffersMB: (after.arrayBuffers - before.arrayBuffers) / 2 ** 20, perLookupUs }));`;
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { n: number; rssMB: number; heapMB: number; arrayBuffersMB: number; perLookupUs: number };
}

export async function benchDelivery() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seed(database.db);
  const items = await cartOfFiveSellers(database.db);
  const ms: number[] = [];
  try {
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      // Another quantity each time: no cache of any kind answers.
      const body = { pincode: i % 2 ? '500032' : '500081', items: items.map((it) => ({ ...it, quantity: it.quantity + (i % 7) })), floors: i % 4 };
      const t = performance.now();
      const answer = await quoteCart(database.db, body);
      const took = performance.now() - t;
      const served = answer.vendors.filter((v) => v.served).length;
      if (served !== 5) throw new Error(`expected 5 sellers to serve, got ${served}`);
      if (i >= WARM_UP) ms.push(took);
    }
  } finally {
    await database.close();
  }
  ms.sort((a, b) => a - b);
  const quote = { lines: items.length, sellers: 5, vehiclesEach: DEMO_SELLER_DELIVERY.vehicles.length, requests: REQUESTS, p50Ms: round1(percentile(ms, 50)), p95Ms: round1(percentile(ms, 95)), maxMs: round1(ms.at(-1)!) };
  const engine = engineOnly();
  const memory = pincodeMemory();
  const table = { pincodes: memory.n, rssMB: round1(memory.rssMB), heapMB: round1(memory.heapMB), typedArraysMB: round1(memory.arrayBuffersMB), lookupUs: Math.round(memory.perLookupUs * 100) / 100 };
  printTable('Delivery quote, 20 lines from 5 sellers (PGlite, in process)', [quote]);
  printTable('The engine alone: 5 sellers of 4 lines (no database)', [engine]);
  printTable('PIN code table in memory', [table]);
  console.log(`wrote ${writeResult('delivery', 'pglite', { quote, engine, table })}`);
  return { quote, engine, table };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  benchDelivery().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
