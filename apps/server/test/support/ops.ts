import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '@nirmaan/shared/ops';
import type { Db } from '../../src/db/client.ts';
import { createOperator as create } from '../../src/modules/ops/service.ts';
import { PASSWORD, latestOtp } from './auth.ts';

let n = 0;
/** An operator of `role` with the test password, created as the CLI would (audited as `test`). */
export async function createOperator(db: Db, role: OperatorRole, email = `op${Date.now().toString(36)}${(n += 1)}@ops.example.test`) {
  return create(db, { operatorId: null, label: 'test' }, { email, name: `Operator ${n}`, role, password: PASSWORD });
}

export const opsCookie = (token: string) => ({ cookie: `nirmaan_ops=${token}` });

/** Both login steps, the code read from the development mailbox; the console session's token. */
export async function loginOperator(app: FastifyInstance, email: string, ip = '10.77.0.1') {
  const first = await app.inject({ method: 'POST', url: '/api/ops/login', payload: { email, password: PASSWORD }, remoteAddress: ip });
  if (first.statusCode !== 200) throw new Error(`ops login: ${first.statusCode} ${first.body}`);
  const otp = await latestOtp(app, email);
  const second = await app.inject({ method: 'POST', url: '/api/ops/login/verify', payload: { email, otp }, remoteAddress: ip });
  const cookie = second.cookies.find((c) => c.name === 'nirmaan_ops');
  if (second.statusCode !== 200 || !cookie) throw new Error(`ops verify: ${second.statusCode} ${second.body}`);
  return { token: cookie.value, cookie, res: second };
}

/** A fresh operator of `role`, logged in from `ip` (the login limits are per address), with its console cookie `headers`. */
export async function loggedInOperator(app: FastifyInstance, db: Db, role: OperatorRole, ip: string) {
  const op = await createOperator(db, role);
  return { ...op, headers: opsCookie((await loginOperator(app, op.email, ip)).token) };
}

export type OperatorSessions = Record<'admin' | 'support' | 'finance', Record<string, string>>;

/**
 * One logged-in operator of each role: the console cookie headers by role. Each logs in from its own address in
 * `subnet` (`10.91.0` gives 10.91.0.1, .2, .3), so the login limits of one test file do not meet another's.
 */
export async function operatorSessions(app: FastifyInstance, db: Db, subnet: string): Promise<OperatorSessions> {
  const sessions = {} as OperatorSessions;
  for (const [i, role] of (['admin', 'support', 'finance'] as const).entries()) {
    sessions[role] = (await loggedInOperator(app, db, role, `${subnet}.${i + 1}`)).headers;
  }
  return sessions;
}
