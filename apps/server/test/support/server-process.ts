import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodeArgs } from './bundle.ts';
import { adminPool, FAST_COMMITS, testDatabaseName } from './postgres.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the URL from the "Nirmaan is up at" line; rejects if the process exits first or on timeout. */
  up(timeoutMs?: number): Promise<string>;
  /** Resolves when the process has exited (and been reaped). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server (`apps/server/src/server.ts`, from its bundle when the build is current: support/bundle.ts) on
 * 127.0.0.1, without the demo catalogue.
 */
export function spawnServer(env: Record<string, string>, script = 'apps/server/src/server.ts', args: string[] = []): ServerProcess {
  const base = { ...process.env } as Record<string, string>;
  delete base.DATABASE_URL; // only when the caller passes one
  const child = spawn(process.execPath, [...nodeArgs(script), ...args], {
    cwd: repoRoot,
    // With REDIS_URL, limits of its own (unless the caller shares a prefix), untouched by earlier runs' counts.
    env: {
      ...base, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SEED_ON_START: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent',
      ...(base.REDIS_URL ? { REDIS_PREFIX: `nirmaan-proc:${randomBytes(6).toString('hex')}:` } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      for (const l of listeners) l();
      resolve({ code, signal });
    });
  });
  const up = (timeoutMs = 90_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const check = () => {
        const m = output.match(/Nirmaan is up at (http:\/\/\S+)/);
        if (m) done(null, m[1]!);
        else if (child.exitCode !== null || child.signalCode !== null) done(new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was up:\n${output}`));
      };
      const done = (err: Error | null, url?: string) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (err) reject(err);
        else resolve(url!);
      };
      listeners.add(check);
      check();
    });
  return { child, pid: child.pid!, output: () => output, up, exited };
}

/** Waits for the exit, or gives up after `ms` (then resolves with null). */
export async function exitWithin(proc: ServerProcess, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const result = await Promise.race([proc.exited, timeout]);
  clearTimeout(timer);
  return result;
}

/** SIGKILL if still running, and wait for the exit. */
export async function killHard(proc: ServerProcess) {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  await proc.exited;
}

/**
 * A database of its own for a spawned server: a fresh PGlite directory, or with DATABASE_URL a fresh
 * PostgreSQL database (created here, dropped by `drop`). `env` is what the server needs to open it.
 */
export async function freshDatabaseEnv(prefix: string): Promise<{ env: Record<string, string>; dataDir: string; databaseUrl: string | undefined; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const url = process.env.DATABASE_URL;
  if (!url) {
    return { env: { DATA_DIR: dataDir }, dataDir, databaseUrl: undefined, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = testDatabaseName();
  const admin = adminPool(url);
  await admin.query(`create database "${name}"`);
  await admin.query(FAST_COMMITS(name));
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    dataDir,
    databaseUrl,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const a = adminPool(url);
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}
