import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { Db } from '../../src/db/client.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** buildApp() on a fresh database of its own; tests call `app.inject()`. */
/** `logStream` receives the app's log lines (level info), to check what reaches the logs. */
export async function createTestApp(env: Record<string, string> = {}, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // With REDIS_URL (CI's second pass) limits and cache eviction go through Redis, under a prefix of this app's own.
  const redis = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `nirmaan-test:${randomBytes(6).toString('hex')}:` } : {};
  // Private files go to a folder of this app's own (removed on close), unless the test names one.
  const privateDir = env.PRIVATE_FILES_DIR ? null : mkdtempSync(path.join(tmpdir(), 'nirmaan-private-files-'));
  const config = loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent', ...redis, ...(privateDir ? { PRIVATE_FILES_DIR: privateDir } : {}), ...env });
  const app = await buildApp({ config, database, ...(opts.logStream ? { logger: { level: 'info' }, logStream: opts.logStream } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
      if (privateDir) rmSync(privateDir, { recursive: true, force: true });
    },
  };
}
