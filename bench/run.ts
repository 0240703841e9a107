/**
 * `npm run bench`: throughput and latency of the catalogue calls against a no-I/O route in the same
 * process (DESIGN.md §8), and the size of the landing page's JavaScript. Figures are ratios and
 * percentiles from one run; results go to bench/results/.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/index.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../apps/server/src/seed/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function load(url: string, opts: { unique?: boolean } = {}) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(opts.unique ? { requests: [{ setupRequest: (req) => ({ ...req, path: `${new URL(url).pathname}${new URL(url).search}&n=${n++}` }) }] } : {}),
  });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

function bundleSizes() {
  const dist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) return null;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gz = (f: string) => gzipSync(readFileSync(path.join(dist, f))).length;
  const firstRouteJs = entry.reduce((sum, f) => sum + gz(f), 0);
  const landing = readdirSync(path.join(dist, 'assets')).filter((f) => f.startsWith('landing-page') && f.endsWith('.js'));
  const landingJs = landing.reduce((sum, f) => sum + gz(`assets/${f}`), 0);
  const css = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css')).reduce((s, f) => s + gz(`assets/${f}`), 0);
  return { entryJsGzipKB: +(firstRouteJs / 1024).toFixed(1), landingChunkGzipKB: +(landingJs / 1024).toFixed(1), cssGzipKB: +(css / 1024).toFixed(1) };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nirmaan-bench-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db);
  const app = await buildApp({ config, database });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  const ping = await load(`${base}/api/ping`);
  const cached = await load(`${base}/fetch?category=Cement`);
  const uncached = await load(`${base}/fetch?category=Cement`, { unique: true });
  const services = await load(`${base}/fetch/services?category=Plumber`);
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const rows = {
    'GET /api/ping (no I/O)': { ...ping, ofPing: 1 },
    'GET /fetch?category=Cement (cached)': { ...cached, ofPing: +(cached.rps / ping.rps).toFixed(2) },
    'GET /fetch?category=Cement (uncached query)': { ...uncached, ofPing: +(uncached.rps / ping.rps).toFixed(2) },
    'GET /fetch/services?category=Plumber (cached)': { ...services, ofPing: +(services.rps / ping.rps).toFixed(2) },
  };
  const result = { at: new Date().toISOString(), engine: database.engine, connections: CONNECTIONS, seconds: DURATION, http: rows, bundle: bundleSizes() };
  writeFileSync(path.join(root, 'bench/results', `bench-${result.at.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
  console.table(Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { 'req/s': v.rps, 'of ping': v.ofPing, 'p50 ms': v.p50, 'p99 ms': v.p99, errors: v.errors }])));
  if (result.bundle) console.table(result.bundle);
}

void main();
