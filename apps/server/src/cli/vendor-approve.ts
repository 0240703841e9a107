import { userInfo } from 'node:os';
import { ZEmail } from '@nirmaan/shared';
import { ConfigError, loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { AppError } from '../lib/errors.ts';
import { decideVendor } from '../modules/ops/service.ts';

/**
 * `npm run vendor:approve -- <email>`: approves a pending vendor from the command line, as the console's Approve
 * does: audited (actor `cli:<os user>`) and mailed in the same transaction. It reaches no running server's
 * cache: public answers that left the vendor out expire within their 30 s TTL.
 */
async function main() {
  const email = ZEmail.safeParse(process.argv[2] ?? '');
  if (!email.success) {
    console.error('Usage: npm run vendor:approve -- <vendor email>');
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const approved = await decideVendor(database.db, { operatorId: null, label: `cli:${userInfo().username}` }, { email: email.data }, 'approve', null);
    console.log(`Approved ${approved.businessName} (${email.data}, vendor ${approved.id}) as of ${approved.approvedAt!.toISOString()}.`);
    console.log('It is listed publicly now; servers that cached a list without it show it within 30 seconds.');
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(err.status === 404
      ? `No vendor account has the email ${email.data}. Nothing approved.`
      : `The vendor ${email.data} is not awaiting approval (already approved, rejected or suspended; see the console). Nothing approved.`);
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
