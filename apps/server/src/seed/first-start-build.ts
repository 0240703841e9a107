import { existsSync, renameSync, rmSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { LOCK_FILE } from '../db/data-dir-lock.ts';
import { seed } from './index.ts';

/**
 * `npm run build`'s last step (scripts/build.mjs): a PGlite data directory, migrated and seeded, at the path given,
 * which a first start on an empty DATA_DIR copies (first-start.ts, decision record 028). Made beside it and renamed,
 * so an interrupted build leaves none rather than half of one.
 */
const out = process.argv[2];
if (!out) throw new Error('usage: first-start-build.ts <directory>');
const making = `${out}.making`;
rmSync(making, { recursive: true, force: true });
const database = await openDatabase({ dataDir: making });
try {
  await database.migrate();
  await seed(database.db);
} finally {
  await database.close();
}
if (existsSync(`${making}/${LOCK_FILE}`)) throw new Error('the data-dir lock was not released');
rmSync(out, { recursive: true, force: true });
renameSync(making, out);
