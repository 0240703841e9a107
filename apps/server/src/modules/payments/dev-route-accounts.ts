import { randomBytes } from 'node:crypto';

/**
 * The development gateway's Route linked accounts (decision record 018): the same calls as Razorpay, answered in
 * process. A product whose settlement bank account is set comes back `activated` at once, so a saved payout
 * account activates by itself in development and in browser tests. A repeated idempotency key answers as before.
 */
export function devRouteAccounts() {
  const answered = new Map<string, { status: number; body: object }>();
  const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
  const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  function answer(path: string, method: string): { status: number; body: object } | null {
    if (method === 'POST' && path === '/v2/accounts') return { status: 200, body: { id: id('acc'), type: 'route', status: 'created' } };
    const sub = /^\/v2\/accounts\/(acc_[^/]+)\/(stakeholders|products)(?:\/([^/]+))?$/.exec(path);
    if (!sub) return null;
    if (method === 'POST' && sub[2] === 'stakeholders') return { status: 200, body: { id: id('sth'), entity: 'stakeholder' } };
    if (method === 'POST' && sub[2] === 'products' && !sub[3]) {
      return { status: 200, body: { id: id('acc_prd'), account_id: sub[1], product_name: 'route', activation_status: 'requested', requirements: [] } };
    }
    if (method === 'PATCH' && sub[2] === 'products' && sub[3]) {
      return { status: 200, body: { id: sub[3], account_id: sub[1], product_name: 'route', activation_status: 'activated', requirements: [] } };
    }
    return null;
  }

  /** The Route calls' answers, or null for any other path. */
  return (url: URL, init: RequestInit): Response | null => {
    const method = init.method ?? 'GET';
    const key = new Headers(init.headers).get('idempotency-key');
    const cacheKey = key ? `${method} ${url.pathname} ${key}` : null;
    const earlier = cacheKey ? answered.get(cacheKey) : undefined;
    if (earlier) return json(earlier.status, earlier.body);
    const made = answer(url.pathname, method);
    if (!made) return null;
    if (cacheKey) answered.set(cacheKey, made);
    return json(made.status, made.body);
  };
}
