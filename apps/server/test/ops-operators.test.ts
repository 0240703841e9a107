import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG, type OpsOperator, type OpsOperatorList } from '@nirmaan/shared/ops';
import { auditLog, operators } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { PASSWORD } from './support/auth.ts';
import { caller } from './support/http.ts';
import { loggedInOperator, loginOperator, opsCookie } from './support/ops.ts';

/**
 * Admins manage the other operators in the console (docs/decisions/015): the list, a role change, disabling and
 * enabling, each audited; never oneself; two admins removing each other at once leave one.
 */

let t: TestApp;
let ip = 0;
/** A fresh operator of `role`, logged in from an address of its own (the login limits are per address). */
const operator = (role: 'admin' | 'support' | 'finance') => loggedInOperator(t.app, t.db, role, `10.93.0.${(ip += 1)}`);
let admin: Awaited<ReturnType<typeof operator>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operator('admin');
});
afterAll(async () => {
  await t.close();
});

const call = caller(() => t);
const auditOf = (id: string) => t.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'operator'), eq(auditLog.subjectId, id))).orderBy(asc(auditLog.id));
const me = (who: { headers: Record<string, string> }) => call(who, 'GET', '/api/ops/me');

describe('the operators screen', () => {
  it('lists every operator with role and state, to admins only', async () => {
    const support = await operator('support');
    const res = await call(admin, 'GET', '/api/ops/operators');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = (res.json() as OpsOperatorList).operators;
    expect(list).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: admin.id, email: admin.email, role: 'admin', disabled: false }),
      expect.objectContaining({ id: support.id, role: 'support', disabled: false }),
    ]));
    expect(list.map((o) => o.email.toLowerCase())).toEqual([...list.map((o) => o.email.toLowerCase())].sort());
    const refused = await call(support, 'GET', '/api/ops/operators');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OPS_MSG.wrongRole);
  });

  it('changes another operator’s role from their next request, audited; the same role, oneself or an unknown id is refused', async () => {
    const support = await operator('support');
    const changed = await call(admin, 'POST', `/api/ops/operators/${support.id}/role`, { role: 'finance', reason: 'Moved to the finance team' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: support.id, role: 'finance', disabled: false } satisfies Partial<OpsOperator>);
    expect((await me(support)).json()).toMatchObject({ role: 'finance' });
    expect(await auditOf(support.id)).toEqual(expect.arrayContaining([expect.objectContaining({
      action: 'operator.role', actor: admin.email, before: { role: 'support', disabled: false }, after: { role: 'finance', disabled: false }, reason: 'Moved to the finance team',
    })]));

    const same = await call(admin, 'POST', `/api/ops/operators/${support.id}/role`, { role: 'finance', reason: 'Again' });
    expect([same.statusCode, same.json().message]).toEqual([409, OPS_MSG.sameRole]);
    const self = await call(admin, 'POST', `/api/ops/operators/${admin.id}/role`, { role: 'support', reason: 'Stepping down' });
    expect([self.statusCode, self.json().message]).toEqual([409, OPS_MSG.notYourself]);
    const unknown = await call(admin, 'POST', `/api/ops/operators/${randomUUID()}/role`, { role: 'support', reason: 'Nobody' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, OPS_MSG.operatorNotFound]);
    const badRole = await call(admin, 'POST', `/api/ops/operators/${support.id}/role`, { role: 'owner', reason: 'Promotion' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.body).toContain('Please choose a role: admin, support or finance.');
    const noReason = await call(admin, 'POST', `/api/ops/operators/${support.id}/role`, { role: 'support' });
    expect(noReason.statusCode).toBe(400);
    expect((await me(support)).json()).toMatchObject({ role: 'finance' });
  });

  it('disables an operator: their session ends at once and login is refused; enabled again, they log in anew', async () => {
    const finance = await operator('finance');
    const disabled = await call(admin, 'POST', `/api/ops/operators/${finance.id}/disable`, { reason: 'Left the company' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await me(finance)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/ops/login', payload: { email: finance.email, password: PASSWORD }, remoteAddress: '10.93.1.1' });
    expect([login.statusCode, login.json().message]).toEqual([401, OPS_MSG.invalidLogin]);
    const again = await call(admin, 'POST', `/api/ops/operators/${finance.id}/disable`, { reason: 'Twice' });
    expect([again.statusCode, again.json().message]).toEqual([409, OPS_MSG.alreadyDisabled]);
    expect((await call(admin, 'POST', `/api/ops/operators/${admin.id}/disable`, { reason: 'Leaving' })).json().message).toBe(OPS_MSG.notYourself);

    const enabled = await call(admin, 'POST', `/api/ops/operators/${finance.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await me(finance)).statusCode).toBe(401);
    const back = opsCookie((await loginOperator(t.app, finance.email, '10.93.1.2')).token);
    expect((await me({ headers: back })).json()).toMatchObject({ email: finance.email, role: 'finance' });
    expect((await call(admin, 'POST', `/api/ops/operators/${finance.id}/enable`)).json().message).toBe(OPS_MSG.notDisabled);
    expect((await auditOf(finance.id)).map((a) => a.action)).toEqual(['operator.create', 'operator.disable', 'operator.enable']);
  });

  it('40 racing disables of one operator give one; two admins disabling each other at once leave one of them admin', async () => {
    const target = await operator('support');
    const answers = await Promise.all(Array.from({ length: 40 }, () => call(admin, 'POST', `/api/ops/operators/${target.id}/disable`, { reason: 'Racing' })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409 && r.json().message === OPS_MSG.alreadyDisabled)).toHaveLength(39);
    expect((await auditOf(target.id)).filter((a) => a.action === 'operator.disable')).toHaveLength(1);

    const [a, b] = [await operator('admin'), await operator('admin')];
    const crossed = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0
      ? call(a, 'POST', `/api/ops/operators/${b.id}/disable`, { reason: 'Crossed' })
      : call(b, 'POST', `/api/ops/operators/${a.id}/disable`, { reason: 'Crossed' }))));
    expect(crossed.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The loser was answered 409 (already disabled), 403 (no longer an admin) or 401 (its session ended).
    expect(crossed.filter((r) => ![200, 401, 403, 409].includes(r.statusCode)).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    const rows = await t.db.select().from(operators).where(inArray(operators.id, [a.id, b.id]));
    expect(rows.filter((r) => r.disabledAt === null)).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'operator.disable'), inArray(auditLog.subjectId, [a.id, b.id])));
    expect(audits).toHaveLength(1);
  });
});
