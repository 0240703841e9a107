import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/index.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { freshDatabaseEnv } from './server-process.ts';

/** Whether two servers can share state here: a PostgreSQL database and a Redis (CI's PostgreSQL + Redis pass). */
export const twoServersPossible = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

/**
 * Two apps on one fresh PostgreSQL database and one Redis prefix, each with its own response cache, as two
 * processes would be. Their closing (and the database's drop) is pushed onto `cleanups`, to run in reverse.
 */
export async function startTwoServers(name: string, cleanups: (() => Promise<void>)[], env: Record<string, string> = {}) {
  const fresh = await freshDatabaseEnv(name);
  cleanups.push(() => fresh.drop());
  const prefix = `${name}-${randomBytes(4).toString('hex')}:`;
  const start = async () => {
    const database: Database = await openDatabase({ databaseUrl: fresh.databaseUrl! });
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent', REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: prefix, ...env });
    const app = await buildApp({ config, database });
    await app.ready();
    cleanups.push(async () => { await app.close(); await database.close(); });
    return { app, db: database.db };
  };
  const a = await start();
  const b = await start();
  return [a, b] as const;
}
