import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { StorageError } from './lib/storage/index.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { connectionDrain } from './lib/drain.ts';
import { startExitWatchdog } from './lib/exit-watchdog.ts';
import { nonBlockingStdout } from './lib/log-destination.ts';
import { pincodeCount } from './modules/delivery/service.ts';
import { demoAccountsPresent, demoNotice } from './seed/demo-notice.ts';
import { firstStartDir, restampSeedTimes } from './seed/first-start.ts';
import { seedIfEmpty } from './seed/index.ts';

/** Shutdown ends within this (plus one second for the watchdog), whatever requests or stdout do. */
const FORCE_EXIT_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database;
  try {
    // A first start on an empty DATA_DIR copies the build's migrated, seeded data directory (decision record 028).
    const firstStart = config.SEED_ON_START && !config.DATABASE_URL ? firstStartDir(import.meta.dirname) : null;
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, firstStartDir: firstStart, deferReady: true });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The app is built while PGlite starts (most of which is off this thread); nothing in it queries before it
  // listens, and it listens only once the database is migrated and seeded.
  const [notice, app] = await Promise.all([
    prepareDatabase(database, config),
    buildApp({ config, database, logger: { level: config.LOG_LEVEL }, logStream: nonBlockingStdout() }),
  ]);
  // The PIN table (decision record 034) is read now, not by the first quote or checkout.
  app.log.debug({ pincodes: pincodeCount() }, 'PIN codes loaded');

  const drain = connectionDrain(app.server);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => process.exit(1), FORCE_EXIT_MS).unref();
    // The timer above needs a free event loop; this one does not.
    startExitWatchdog(FORCE_EXIT_MS + 1_000);
    try {
      // Connections already queued in the kernel are accepted and read; then the port closes (at most 1.5 s + 1.5 s).
      const { silentConnections } = await drain.stopAccepting({ acceptMs: 1_500, requestMs: 1_500 });
      if (silentConnections > 0) app.log.warn({ connections: silentConnections }, 'closing connections that sent no request');
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let address: string;
  try {
    address = await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    // File storage that refuses our keys, or is not there, stops the start with its own words (decision 021).
    if (err instanceof StorageError) {
      console.error(`File storage is not usable: ${err.message}`);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  const url = config.PUBLIC_URL ?? address.replace('0.0.0.0', 'localhost');
  const ms = Math.round(performance.now() - startedAt);
  const engine = database.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  console.log(`\nNirmaan is up at ${url} (${engine}, ready in ${ms} ms)`);
  if (notice?.level === 'info') console.log(notice.lines.join('\n'));
  if (config.NODE_ENV === 'production' && !config.whatsapp) {
    app.log.warn('WhatsApp updates are off: set WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN; updates go by email only');
  }
  if (config.NODE_ENV === 'production' && config.platformSupplier.demo) {
    app.log.warn('the platform issues its own invoices under the demo GST registration: set PLATFORM_LEGAL_NAME, PLATFORM_GSTIN and PLATFORM_ADDRESS');
  }
  if (notice?.level === 'warn') {
    app.log.warn('demo accounts with the published password are loaded in production');
    console.warn(notice.lines.join('\n'));
  }
}

/** Brings the database to this build: the first start's times, newer migrations, the seed when empty. */
async function prepareDatabase(database: Database, config: Config) {
  await database.ready;
  if (database.startedFromCopy) await restampSeedTimes(database.db);
  await database.migrate();
  if (config.SEED_ON_START) await seedIfEmpty(database.db);
  return demoNotice(config, await demoAccountsPresent(database.db));
}

void main();
