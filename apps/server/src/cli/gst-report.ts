import { parseArgs } from 'node:util';
import { ZEmail } from '@nirmaan/shared';
import { AppError } from '../lib/errors.ts';
import { gstr8Report, salesRegister } from '../modules/invoices/service.ts';
import { findVendorIdByEmail } from '../modules/vendors/service.ts';
import { runCli, withDatabase } from './run.ts';

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
  return withDatabase(async (db) => {
    if (vendor === undefined) {
      process.stdout.write(await gstr8Report(db, month));
      return;
    }
    const vendorId = await findVendorIdByEmail(db, vendor);
    if (!vendorId) throw new AppError('NOT_FOUND', `No vendor has the email ${vendor}.`);
    process.stdout.write(await salesRegister(db, vendorId, month));
  }, (err) => err.message);
}

runCli(main);
