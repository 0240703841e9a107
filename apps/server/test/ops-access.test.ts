import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '@nirmaan/shared/ops';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, loginVendor, loginWithPassword } from './support/auth.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { operationsOf, sample, urlOf, type Operation } from './support/openapi.ts';

/**
 * The operator console's access matrix, from the OpenAPI document like the customer one (access-matrix.test.ts):
 * every `/api/ops/...` call but the two login steps is an ops call, refused to visitors (401), to customers and
 * vendors (401 or 403), and to operators whose role its scopes do not list (403). A new call is covered by
 * being in the document.
 */

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const LOGIN_STEPS = ['/api/ops/login', '/api/ops/login/verify'];

beforeAll(async () => {
  t = await createTestApp();
  const c = await createCustomerWithPassword(t.db);
  headers.customer = cookieHeader((await loginWithPassword(t.app, c.email)).token);
  const v = await createVendorWithPassword(t.db);
  headers.vendor = cookieHeader((await loginVendor(t.app, v.email)).token);
  for (const [i, role] of OPERATOR_ROLES.entries()) {
    const op = await createOperator(t.db, role);
    headers[role] = opsCookie((await loginOperator(t.app, op.email, `10.78.0.${i + 1}`)).token);
  }
});
afterAll(async () => {
  await t.close();
});

/** Ids that name nothing, so an allowed call answers about the row (404), never about who asks. */
const request = (op: Operation) => {
  const url = urlOf(op, (p) => (p.in === 'path' || p.required ? sample(p.schema, p.name) : undefined));
  const payload = op.body ? sample(op.body) : undefined;
  return { method: op.method as 'GET', url, ...(payload !== undefined ? { payload: payload as object } : {}) };
};
const opsCalls = () => operationsOf(t.app).filter((o) => o.path.startsWith('/api/ops/') && !LOGIN_STEPS.includes(o.path));
/** Logging out ends the session the other checks use: it goes last. */
const lastLogout = (ops: Operation[]) => [...ops].sort((a, b) => Number(a.path === '/api/ops/logout') - Number(b.path === '/api/ops/logout'));

describe('the operator console access matrix', () => {
  it('marks every /api/ops call but the login steps as an ops call with its roles', () => {
    const ops = opsCalls();
    console.log(`ops access matrix: ${ops.length} console operations`);
    expect(ops.length).toBeGreaterThanOrEqual(13);
    expect(ops.filter((o) => o.role !== 'ops' || o.opsRoles.length === 0).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(ops.every((o) => o.opsRoles.every((r) => (OPERATOR_ROLES as readonly string[]).includes(r)))).toBe(true);
    expect(ops.every((o) => o.opsRoles.includes('admin'))).toBe(true);
  });

  it('refuses visitors (401), customers and vendors (401 or 403), and operators of another role (403); lets the roles listed in', async () => {
    const failures: string[] = [];
    for (const op of lastLogout(opsCalls())) {
      const req = request(op);
      const visitor = await t.app.inject(req);
      if (visitor.statusCode !== 401) failures.push(`visitor ${op.method} ${op.path} → ${visitor.statusCode}`);
      for (const who of ['customer', 'vendor']) {
        const res = await t.app.inject({ ...req, headers: headers[who] });
        if (res.statusCode !== 401 && res.statusCode !== 403) failures.push(`${who} ${op.method} ${op.path} → ${res.statusCode}`);
      }
      for (const role of OPERATOR_ROLES) {
        const res = await t.app.inject({ ...req, headers: headers[role as OperatorRole] });
        const allowed = op.opsRoles.includes(role);
        if (!allowed && res.statusCode !== 403) failures.push(`${role} ${op.method} ${op.path} → ${res.statusCode} (not its role)`);
        if (allowed && (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)) failures.push(`${role} ${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('shows finance as read-only but for the vendor transfers: no vendor decision, block, refund or moderation lists it', () => {
    const writes = opsCalls().filter((o) => o.method !== 'GET' && o.path !== '/api/ops/logout');
    expect(writes.length).toBeGreaterThanOrEqual(6);
    expect(writes.filter((o) => o.opsRoles.includes('finance')).map((o) => o.path).sort())
      .toEqual(['/api/ops/transfers/{id}/extend', '/api/ops/transfers/{id}/release', '/api/ops/transfers/{id}/retry']);
    expect(writes.filter((o) => o.path.startsWith('/api/ops/transfers/')).every((o) => !o.opsRoles.includes('support'))).toBe(true);
  });
});
