import { ZEmail } from '@nirmaan/shared';
import { decideVendor } from '../modules/ops/service.ts';
import { cliActor, runCli, withDatabase } from './run.ts';

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
  return withDatabase(async (db) => {
    const approved = await decideVendor(db, cliActor(), { email: email.data }, 'approve', null);
    console.log(`Approved ${approved.businessName} (${email.data}, vendor ${approved.id}) as of ${approved.approvedAt!.toISOString()}.`);
    console.log('It is listed publicly now; servers that cached a list without it show it within 30 seconds.');
  }, (err) => (err.status === 404
    ? `No vendor account has the email ${email.data}. Nothing approved.`
    : `The vendor ${email.data} is not awaiting approval (already approved, rejected or suspended; see the console). Nothing approved.`));
}

runCli(main);
