import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (built SPA) on a database of its own: a fresh PGlite directory, or with
 * DATABASE_URL a fresh PostgreSQL database; both are removed by stop().
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nirmaan-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'true',
    // Limits live in Redis when REDIS_URL is set: keys of its own, so earlier runs' counts (a code requested from
    // this address an hour ago) cannot refuse this run's requests.
    ...(process.env.REDIS_URL ? { REDIS_PREFIX: `nirmaan-e2e:${randomBytes(6).toString('hex')}:` } : {}),
    ...extraEnv,
  };
  let dbName = '';
  const url = process.env.DATABASE_URL;
  if (url) {
    dbName = `nirmaan_e2e_${process.pid}_${Date.now()}`;
    await admin(url, async (c) => {
      await c.query(`drop database if exists "${dbName}" with (force)`);
      await c.query(`create database "${dbName}"`);
    });
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }

  // The production build (`npm run build`), as `npm start` runs it.
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (url && dbName) await admin(url, (c) => c.query(`drop database if exists "${dbName}" with (force)`));
  };
  try {
    return { url: await waitForUrl(child), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function admin(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 300 s:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/Nirmaan is up at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => {
      output += c.toString();
      process.stderr.write(c);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was up:\n${output}`));
    });
  });
}
