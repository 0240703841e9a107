import { userInfo } from 'node:os';
import { ConfigError, loadConfig } from '../config/index.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { AppError } from '../lib/errors.ts';

/**
 * What the operator commands (`npm run vendor:approve`, `commission:set`, `operator:create`, `gst:report`) share.
 * Each works on PostgreSQL beside a running server, or on PGlite with the server stopped; the changes they make are
 * audited as `cli:<os user>`.
 */

/** Who a command's changes are audited as. */
export const cliActor = () => ({ operatorId: null, label: `cli:${userInfo().username}` });

/**
 * Opens the configured database (migrated), runs `work`, and closes it. An AppError is the operator's mistake,
 * not a crash: `refused` words it (the change was one transaction, so nothing changed), and the exit code is 1.
 */
export async function withDatabase(work: (db: Db) => Promise<void>, refused: (err: AppError) => string): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    await work(database.db);
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(refused(err));
    return 1;
  } finally {
    await database.close();
  }
}

/** Runs a command and exits with its code; a bad configuration, or a PGlite directory a running server holds, is said plainly. */
export function runCli(main: () => Promise<number>) {
  main().then((code) => process.exit(code), (err: unknown) => {
    // A running server holds the PGlite directory: stop it first, or use PostgreSQL.
    console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  });
}
