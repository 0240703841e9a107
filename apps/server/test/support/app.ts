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
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
