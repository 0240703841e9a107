import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The demo data, migrated and seeded once per run (global-setup.ts): a data directory (PGlite's files, uploads),
 * and with DATABASE_URL a PostgreSQL database that each server's database is cloned from.
 */
export interface SeededTemplate {
  dataDir: string;
  database: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

/**
 * Starts the real server (built SPA) on a database of its own, removed by stop(): a copy of the run's seeded
 * template (PGlite directory, or with DATABASE_URL a PostgreSQL database cloned from it), so the server starts on
 * the demo data without an initdb and a seed of its own. With `SEED_ON_START: 'false'` it starts empty, as before.
 */
export async function startServer(extraEnv: Record<string, string> = {}, template?: SeededTemplate | null): Promise<RunningServer> {
  const from = template !== undefined ? template : extraEnv.SEED_ON_START === 'false' ? null : inject('seededTemplate');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nirmaan-e2e-'));
  if (from) cpSync(from.dataDir, dataDir, { recursive: true });
  const url = process.env.DATABASE_URL;
  const dbName = url ? `nirmaan_e2e_${process.pid}_${randomBytes(4).toString('hex')}` : '';
  const remove = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (url) await admin(url, (c) => c.query(`drop database if exists "${dbName}" with (force)`));
  };
  try {
    if (url) await createDatabase(url, dbName, from?.database);
    const server = await launch(dataDir, url ? withDatabase(url, dbName) : undefined, extraEnv);
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        await remove();
      },
    };
  } catch (err) {
    await remove();
    throw err;
  }
}

/**
 * Migrates and seeds the demo data once, by running the built server with SEED_ON_START on the template's directory
 * (and database) and stopping it: the template then holds exactly what a freshly seeded server holds.
 */
export async function buildSeededTemplate(): Promise<SeededTemplate & { remove(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nirmaan-e2e-template-'));
  const url = process.env.DATABASE_URL;
  const database = url ? `nirmaan_e2e_tpl_${process.pid}_${randomBytes(4).toString('hex')}` : '';
  const remove = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (url) await admin(url, (c) => c.query(`drop database if exists "${database}" with (force)`));
  };
  try {
    if (url) await createDatabase(url, database, undefined);
    const seeding = await launch(dataDir, url ? withDatabase(url, database) : undefined, {});
    // A clean shutdown (exit 0) closed the database: PGlite's files are whole and can be copied.
    const code = await seeding.stop();
    if (code !== 0) throw new Error(`the server seeding the browser tests' template exited with ${code}`);
  } catch (err) {
    await remove();
    throw err;
  }
  return { dataDir, database, remove };
}

/** The production build (`npm run build`), as `npm start` runs it; stop() ends it with SIGTERM and waits. */
async function launch(dataDir: string, databaseUrl: string | undefined, extraEnv: Record<string, string>) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // On a copy of the template the demo data is there already, and the seed leaves it as it is.
    SEED_ON_START: 'true',
    // Limits live in Redis when REDIS_URL is set: keys of its own, so earlier runs' counts (a code requested from
    // this address an hour ago) cannot refuse this run's requests.
    ...(process.env.REDIS_URL ? { REDIS_PREFIX: `nirmaan-e2e:${randomBytes(6).toString('hex')}:` } : {}),
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    return child.exitCode;
  };
  try {
    return { url: await waitForUrl(child), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function createDatabase(url: string, name: string, template: string | undefined) {
  await admin(url, async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
        // Commits without waiting for the WAL's flush, as the API tests' databases (apps/server/test/support/postgres.ts).
        await c.query(`alter database "${name}" set synchronous_commit = off`);
        return;
      } catch (err) {
        // 55006: the template still has a session (a server that has just exited); it goes within moments.
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
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
