/**
 * What the bench parts share: the built server in a child process (what `npm start` runs), its RSS, autocannon
 * runs, result files and tables. Every figure is taken side by side in one run (ratios, percentiles), since
 * the machine is shared and noisy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');
export const SERVER_JS = path.join(root, 'apps/server/dist/server.js');
export const cores = () => os.availableParallelism();

export function requireBuild(...files: string[]) {
  for (const f of [SERVER_JS, ...files]) {
    if (!existsSync(f)) throw new Error(`${path.relative(root, f)} is missing: run \`npm run build\` first.`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Milliseconds from spawn to the first 200 of /api/ping. */
  startMs: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `node apps/server/dist/server.js` on 127.0.0.1, in production mode. With no DATABASE_URL in `env` it runs on
 * PGlite in `dataDir` and loads the demo catalogue into an empty one (SEED_ON_START=true).
 */
export async function startServer(opts: {
  dataDir: string; databaseUrl?: string | undefined; env?: Record<string, string>; nodeArgs?: string[];
  /** Another checkout's built server (a baseline to compare with); default this one. */
  checkout?: string;
}): Promise<Server> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_ON_START: 'true', DATA_DIR: opts.dataDir,
    ...opts.env,
  };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const started = performance.now();
  const checkout = opts.checkout ?? root;
  const serverJs = path.join(checkout, 'apps/server/dist/server.js');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), serverJs], { cwd: checkout, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => { output += c.toString(); });
  child.stderr!.on('data', (c: Buffer) => { output += c.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before answering:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer in 180 s:\n${output}`);
    }
    try {
      const res = await fetch(`${base}/api/ping`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = Math.round(performance.now() - started);
  return {
    child, pid: child.pid!, base, startMs, output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A fresh PGlite directory, removed by `remove`. */
export function tempDataDir(prefix = 'nirmaan-bench') {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resident set size of a process in MB (VmRSS). */
export function rssMB(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)\s+kB/);
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/**
 * CPU time a process has used, in ms (user + system from /proc/<pid>/stat, at the kernel's 100 ticks a second).
 * On a loaded machine a request's wall time is mostly waiting for a core; its CPU time is its own cost.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface LoadResult { rps: number; p50: number; p99: number; errors: number; requests: number; rssPeakMB: number }

/**
 * autocannon against `base`, with each request's path from `next()` (distinct paths defeat the response cache).
 * Samples the server's RSS during the run and keeps the peak.
 */
export async function load(base: string, next: () => string, opts: { connections: number; seconds: number; pid: number; headers?: Record<string, string>; amount?: number }): Promise<LoadResult> {
  let peak = rssMB(opts.pid);
  const sampler = setInterval(() => { peak = Math.max(peak, rssMB(opts.pid)); }, 250);
  try {
    const result = await autocannon({
      url: base,
      connections: opts.connections,
      duration: opts.seconds,
      ...(opts.headers ? { headers: opts.headers } : {}),
      ...(opts.amount ? { amount: opts.amount } : {}),
      requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
    });
    return {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      requests: result.requests.total,
      rssPeakMB: peak,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Writes bench/results/<part>-<engine>-<time>.json and returns its path. */
export function writeResult(part: string, engine: string, data: Record<string, unknown>): string {
  const at = new Date().toISOString();
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${part}-${engine}-${at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ part, engine, at, cores: cores(), cpu: os.cpus()[0]?.model, node: process.version, ...data }, null, 2)}\n`);
  return path.relative(root, file);
}

/** A plain-text table (console.table quotes strings and hides the header we want). */
export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join(' | ')} |`;
  console.log(line(cols));
  console.log(`|${width.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(cols.map((c) => String(r[c] ?? ''))));
}

/** The engine label of a run: PostgreSQL's database name, or pglite. */
export function engineOf(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'pglite';
  return `postgres-${new URL(databaseUrl).pathname.slice(1) || 'postgres'}`;
}

/** Search terms that real visitors type: words of the product lines, and one-letter typos of them. */
export function typo(word: string, n: number): string {
  const i = 1 + (n % Math.max(1, word.length - 2));
  switch (n % 3) {
    case 0: return word.slice(0, i) + word.slice(i + 1); // a dropped letter: "cemnt"
    case 1: return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2); // swapped: "cmeent"
    default: return word.slice(0, i) + word[i] + word.slice(i); // doubled: "ceement"
  }
}

/** The same term in another letter case: a distinct URL (and cache key) for the very same query. */
export function caseVariant(term: string, n: number): string {
  let bits = n;
  let out = '';
  for (const ch of term) {
    if (/[a-z]/i.test(ch)) {
      out += bits & 1 ? ch.toUpperCase() : ch.toLowerCase();
      bits >>= 1;
    } else {
      out += ch;
    }
  }
  return out;
}
