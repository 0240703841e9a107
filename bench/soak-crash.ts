/**
 * npm run soak:crash [-- --rounds 10 --concurrency 16]
 *
 * Kills the real server with SIGKILL again and again under a write load and checks that no acknowledged
 * write is lost. Each round: start the server, wait for its first answer (the restart time), drive
 * concurrent writes (POST /sendotp with unique emails: one transaction stores a code and a queued mail;
 * a 200 means acknowledged), kill -9 at a random moment. At the end the database is reopened and every
 * acknowledged write is looked up.
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
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
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
      const workers = Array.from({ length: CONCURRENCY }, worker);
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
    server.child.kill('SIGTERM');
    const exit = await exitWithin(server, 15_000);
    if (exit?.code !== 0) throw new Error(`the server did not stop cleanly (${JSON.stringify(exit)}):\n${server.output()}`);

    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.email);
    const database = await openDatabase({ databaseUrl, dataDir });
    let storedAcked: number;
    let lost: string[];
    let storedUnacked: number;
    try {
      const stored = await storedWrites(database.db, acknowledged);
      lost = acknowledged.filter((e) => !stored.withCode.has(e) || !stored.withMail.has(e));
      storedAcked = acknowledged.length - lost.length;
      const all = await storedEmailsLike(database.db, suffix);
      storedUnacked = [...all].filter((e) => !acknowledged.includes(e)).length;
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
    if (lost.length > 0) {
      console.error(`LOST ${lost.length} acknowledged writes, e.g. ${lost.slice(0, 5).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (server) await killHard(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
