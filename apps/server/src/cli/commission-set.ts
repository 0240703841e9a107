import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ZEmail } from '@nirmaan/shared';
import { ConfigError, loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { AppError } from '../lib/errors.ts';
import { percentToBps, setRate, type RateScope } from '../modules/commission/service.ts';

const USAGE = `Usage: npm run commission:set -- --default materials|services <percent>
       npm run commission:set -- --category <category> <percent>
       npm run commission:set -- --vendor <vendor email> <percent>
The percent has at most two decimals (7.5 = 7.50%). The most specific rate applies: vendor, then category, then
the default of materials (order lines) or services (bookings). Orders and bookings already placed keep theirs.`;

const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/**
 * `npm run commission:set`: one commission rate, audited as `cli:<os user>` in the change's transaction. Works on
 * PostgreSQL beside a running server, or on PGlite with the server stopped, like vendor:approve.
 */
async function main() {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { default: { type: 'string' }, category: { type: 'string' }, vendor: { type: 'string' } } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const given = [values.default, values.category, values.vendor].filter((v) => v !== undefined);
  const bps = positionals.length === 1 ? percentToBps(positionals[0]!) : null;
  let scope: RateScope | null = null;
  if (values.default === 'materials' || values.default === 'services') scope = { default: values.default };
  else if (values.category !== undefined && values.category.trim()) scope = { category: values.category.trim() };
  else if (values.vendor !== undefined && ZEmail.safeParse(values.vendor).success) scope = { vendorEmail: values.vendor };
  if (given.length !== 1 || !scope || bps === null) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const set = await setRate(database.db, { operatorId: null, label: `cli:${userInfo().username}` }, scope, bps);
    console.log(`Commission ${set.scopeKey} is ${pct(set.after)}${set.before === null ? ' (new)' : ` (was ${pct(set.before)})`}. Orders and bookings placed from now on use it.`);
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(`${err.message} Nothing changed.`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  // A running server holds the PGlite directory: stop it first, or use PostgreSQL.
  console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
