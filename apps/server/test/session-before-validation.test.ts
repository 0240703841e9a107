import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '@nirmaan/shared/ops';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, loginVendor, loginWithPassword } from './support/auth.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { operationsOf, urlOf, type Operation } from './support/openapi.ts';

/**
 * Issue 30: a call that needs a session refuses a visitor (401) and a wrong role (403) before its body, query or
 * path is looked at, so the refusal never describes the input's schema. Every session-only call of the OpenAPI
 * document, found at run time, with deliberately invalid input: malformed JSON, wrong types, NUL bytes, bad ids.
 */

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const outside = (op: Operation) => op.path.startsWith('/api/docs') || op.path.startsWith('/dev/');

beforeAll(async () => {
  t = await createTestApp();
  headers.customer = cookieHeader((await loginWithPassword(t.app, (await createCustomerWithPassword(t.db)).email)).token);
  headers.vendor = cookieHeader((await loginVendor(t.app, (await createVendorWithPassword(t.db)).email)).token);
  for (const [i, role] of OPERATOR_ROLES.entries()) {
    const op = await createOperator(t.db, role);
    headers[role] = opsCookie((await loginOperator(t.app, op.email, `10.79.0.${i + 1}`)).token);
  }
});
afterAll(async () => {
  await t.close();
});

const sessionCalls = () => operationsOf(t.app).filter((o) => o.secured && !outside(o))
  // Logging out ends the session the other checks use: it goes last.
  .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));

/** Invalid input of every kind for an operation: each request alone would be refused with 400 by validation. */
function invalidRequests(op: Operation) {
  const url = urlOf(op, (p) => (p.in === 'path' ? 'not-a-valid-id' : '\u0000'));
  const method = op.method as 'POST';
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  return [
    { method, url },
    ...(withBody ? [
      { method, url, payload: '{"broken": ', headers: { 'content-type': 'application/json' } },
      { method, url, payload: JSON.stringify({ id: { $gt: '' }, email: 12, amountPaise: 'lots', reason: ['x'], status: null }), headers: { 'content-type': 'application/json' } },
    ] : []),
  ];
}

/** The session a call does not take, per its role: a customer's call gets a vendor, a vendor's a customer, and so on. */
function wrongSessions(op: Operation): { who: string; headers: Record<string, string>; expect: number[] }[] {
  switch (op.role) {
    case 'customer': return [{ who: 'vendor', headers: headers.vendor!, expect: [403] }];
    case 'vendor': return [{ who: 'customer', headers: headers.customer!, expect: [403] }];
    case 'ops': return [
      { who: 'customer', headers: headers.customer!, expect: [401] },
      { who: 'vendor', headers: headers.vendor!, expect: [401] },
      ...OPERATOR_ROLES.filter((r) => !op.opsRoles.includes(r)).map((r) => ({ who: r, headers: headers[r as OperatorRole]!, expect: [403] })),
    ];
    default: return [];
  }
}

describe('session refusals come before validation', () => {
  it('refuses a visitor with 401 on every session-only call, whatever the body, query or path', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of sessionCalls()) {
      for (const req of invalidRequests(op)) {
        const res = await t.app.inject(req);
        sent += 1;
        let body: { message?: unknown; code?: unknown } = {};
        try {
          body = res.json();
        } catch { /* not JSON: reported below */ }
        if (res.statusCode !== 401 || typeof body.message !== 'string' || body.code !== 'UNAUTHENTICATED') {
          failures.push(`visitor ${op.method} ${op.path} (${'payload' in req ? String(req.payload).slice(0, 20) : 'no body'}) → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    console.log(`session before validation: ${sessionCalls().length} session-only calls, ${sent} visitor probes`);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a wrong role with 403 (an ops call without an ops session with 401), whatever the body, query or path', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of sessionCalls()) {
      for (const wrong of wrongSessions(op)) {
        for (const req of invalidRequests(op)) {
          const res = await t.app.inject({ ...req, headers: { ...req.headers, ...wrong.headers } });
          sent += 1;
          if (!wrong.expect.includes(res.statusCode)) failures.push(`${wrong.who} ${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    console.log(`session before validation: ${sent} wrong-role probes`);
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 120_000);
});
