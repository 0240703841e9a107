import { parseArgs } from 'node:util';
import { ZEmail } from '@nirmaan/shared';
import { percentToBps, setRate, type RateScope } from '../modules/commission/service.ts';
import { cliActor, runCli, withDatabase } from './run.ts';

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
  return withDatabase(async (db) => {
    const set = await setRate(db, cliActor(), scope, bps);
    if (!set.changed) console.log(`Commission ${set.scopeKey} is already ${pct(set.after)}. Nothing changed.`);
    else console.log(`Commission ${set.scopeKey} is ${pct(set.after)}${set.before === null ? ' (new)' : ` (was ${pct(set.before)})`}. Orders and bookings placed from now on use it.`);
  }, (err) => `${err.message} Nothing changed.`);
}

runCli(main);
