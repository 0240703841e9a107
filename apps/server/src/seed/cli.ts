import { ConfigError, loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, countSeeded, seed, seedIfEmpty } from './index.ts';

/** `npm run seed` seeds an empty database; `npm run seed -- --reset` wipes every table but the audit log (and the operators it names) and seeds again. */
async function main() {
  const reset = process.argv.slice(2).includes('--reset');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const where = database.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  try {
    await database.migrate();
    const startedAt = performance.now();
    if (reset) {
      await seed(database.db, { reset: true });
      console.log(`Reset and seeded ${where} in ${Math.round(performance.now() - startedAt)} ms.`);
    } else if (await seedIfEmpty(database.db)) {
      console.log(`Seeded ${where} in ${Math.round(performance.now() - startedAt)} ms.`);
    } else {
      console.log(`${where} already holds data; nothing seeded. Use --reset to start over.`);
    }
    for (const [table, count] of Object.entries(await countSeeded(database.db))) {
      console.log(`  ${table.padEnd(15)} ${count}`);
    }
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const d of DEMO_LOGINS) console.log(`  ${d.role.padEnd(32)} ${d.email}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  // A running server holds the PGlite directory: seeding beside it would lose one side's writes.
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
