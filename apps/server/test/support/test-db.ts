import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { withDatabase } from '../global-setup.ts';
import { adminPool, FAST_COMMITS, testDatabaseName } from './postgres.ts';

/**
 * A fresh, migrated, empty database for one test file: PGlite loaded from the run's template dump,
 * or (with DATABASE_URL) a PostgreSQL database cloned from the run's template.
 */
export async function openTestDatabase(): Promise<Database & { engineLabel: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
    return { ...db, engineLabel: 'pglite' };
  }
  const name = testDatabaseName();
  const admin = adminPool(url);
  await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
  await admin.query(FAST_COMMITS(name));
  const db = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...db,
    engineLabel: 'postgres',
    close: async () => {
      await db.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
