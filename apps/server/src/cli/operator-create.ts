import { parseArgs } from 'node:util';
import { ZEmail } from '@nirmaan/shared';
import { OPERATOR_ROLES, type OperatorRole } from '@nirmaan/shared/ops';
import { createOperator } from '../modules/ops/service.ts';
import { cliActor, runCli, withDatabase } from './run.ts';

const USAGE = `Usage: npm run operator:create -- <email> --role ${OPERATOR_ROLES.join('|')} [--name "Full Name"]
The password is asked for on the terminal (not shown), or read from the first line of standard input when it is
piped, e.g. from a secret store: printf '%s\\n' "$OPS_PASSWORD" | npm run operator:create -- a@b.in --role admin`;

/**
 * `npm run operator:create`: a console operator with a role and a password. The password never comes on the
 * command line (shell history, `ps`), and is never printed. Works on PostgreSQL beside a running server, or on
 * PGlite with the server stopped, like vendor:approve. Audited as `cli:<os user>`.
 */
async function main() {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { role: { type: 'string' }, name: { type: 'string' } } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  const email = ZEmail.safeParse(parsed.positionals[0] ?? '');
  const role = parsed.values.role as OperatorRole | undefined;
  if (!email.success || parsed.positionals.length !== 1 || !role || !OPERATOR_ROLES.includes(role)) {
    console.error(USAGE);
    return 1;
  }
  const password = await readPassword();
  if (!password) {
    console.error('No password given. Nothing created.');
    return 1;
  }
  return withDatabase(async (db) => {
    const name = parsed.values.name?.trim() || email.data.split('@')[0]!;
    const op = await createOperator(db, cliActor(), { email: email.data, name, role, password });
    console.log(`Created operator ${op.email} (${op.role}, id ${op.id}). They log in at /ops/login with the password and a code mailed to them.`);
  }, (err) => `${err.message} Nothing created.`);
}

/** Twice, unechoed, on a terminal; else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += String(chunk);
    return input.split(/\r?\n/)[0] ?? '';
  }
  const first = await promptHidden('Password for the new operator: ');
  const again = await promptHidden('Once more: ');
  if (first !== again) {
    console.error('The two passwords differ.');
    return '';
  }
  return first;
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    process.stdout.write(question);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') process.exit(130);
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

runCli(main);
