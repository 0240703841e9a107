import { parseArgs } from 'node:util';
import { ZEmail } from '@nirmaan/shared';
import { ConfigError, loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { AppError } from '../lib/errors.ts';
import { gstr8Report, salesRegister } from '../modules/invoices/service.ts';
import { findVendorIdByEmail } from '../modules/vendors/service.ts';

const USAGE = `Usage: npm run gst:report -- --month YYYY-MM                 GSTR-8: TCS per supplier (CSV on stdout)
       npm run gst:report -- --month YYYY-MM --vendor <email>  that vendor's sales register for GSTR-1
Months are in India (IST). Credit notes count negative (decision record 022).`;

/** `npm run gst:report`: the tax reports as CSV, until the console's finance screen lists them. */
async function main() {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { month: { type: 'string' }, vendor: { type: 'string' } } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  const { month, vendor } = parsed.values;
  if (!month || (vendor !== undefined && !ZEmail.safeParse(vendor).success)) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    if (vendor === undefined) {
      process.stdout.write(await gstr8Report(database.db, month));
      return 0;
    }
    const vendorId = await findVendorIdByEmail(database.db, vendor);
    if (!vendorId) {
      console.error(`No vendor has the email ${vendor}.`);
      return 1;
    }
    process.stdout.write(await salesRegister(database.db, vendorId, month));
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(err.message);
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
