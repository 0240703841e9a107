import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The stand-in gateway's (stand-in.ts) Route linked accounts (decision record 018), as Razorpay documents them:
 * `POST /v2/accounts` (type `route`), `POST /v2/accounts/{id}/stakeholders`, `POST /v2/accounts/{id}/products`
 * (`route`, terms accepted), `PATCH /v2/accounts/{id}/products/{product_id}` (settlements) and
 * `GET /v2/accounts/{id}/products/{product_id}`. Basic auth is checked by stand-in.ts before this.
 *
 * Every write needs an `Idempotency-Key`: the same key with the same body answers the first answer again without
 * doing anything; the same key with another body is refused. Like Razorpay, a second account with an email that
 * already has one is refused. Required fields are checked and a refusal names the field.
 * `state.activation` is what a product becomes when its settlements are set (`under_review` unless told, at once
 * `activated` in development);
 * `state.loseAnswers` makes that many writes happen and then answer 500, as if the answer were lost on the way.
 * `productEvent()` moves a product to a status and gives the `product.route.*` webhook to sign and deliver;
 * `autoActivate(url)` makes every product whose settlements are set activate a moment later by itself, through a
 * webhook signed with the webhook secret and posted to `url` (our webhook), as Razorpay does after its review.
 */

export interface RouteAccountRecord { id: string; type: 'route'; status: 'created'; email: string; reference_id: string | null; body: Record<string, unknown> }
export interface RouteStakeholderRecord { id: string; entity: 'stakeholder'; account_id: string; body: Record<string, unknown> }
export interface RouteRequirementRecord { field_reference: string; resolution_url: string; reason_code: string; status: 'required' }
export interface RouteProductRecord {
  id: string; account_id: string; product_name: 'route'; activation_status: string;
  active_configuration: { settlements?: { account_number: string; ifsc_code: string; beneficiary_name: string } };
  requirements: RouteRequirementRecord[]; tnc: { accepted: boolean };
}
type Answer = { status: number; body: object };

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const BUSINESS_TYPES = ['individual', 'proprietorship', 'partnership', 'private_limited', 'public_limited', 'llp', 'ngo', 'trust', 'society', 'not_yet_registered', 'educational_institutes', 'other'];
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const str = (v: unknown, min = 1, max = 255) => typeof v === 'string' && v.trim().length >= min && v.length <= max;
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
const bad = (description: string, field?: string): Answer => ({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description, field: field ?? null } } });

export function routeAccountsStandIn(webhookSecret: string, opts: { activation: string } = { activation: 'under_review' }) {
  const accounts = new Map<string, RouteAccountRecord>();
  const stakeholders: RouteStakeholderRecord[] = [];
  const products = new Map<string, RouteProductRecord>();
  const keys = new Map<string, { hash: string; answer: Answer }>();
  const state = { activation: opts.activation, loseAnswers: 0 };
  let autoActivation: { url: string; afterMs: number } | null = null;
  /** Webhooks posted by `autoActivate`, with our server's answer. */
  const delivered: { event: string; accountId: string; status: number }[] = [];
  /** Every write that reached the stand-in with its idempotency key, replays included. */
  const writes: { method: string; path: string; key: string | null; replayed: boolean }[] = [];

  function createAccount(b: Record<string, unknown>): Answer {
    if (b.type !== 'route') return bad('type must be route', 'type');
    if (!str(b.email, 3, 132) || !String(b.email).includes('@')) return bad('The email field is required.', 'email');
    if (!/^\d{8,15}$/.test(String(b.phone ?? ''))) return bad('The phone must be 8 to 15 digits.', 'phone');
    if (!str(b.legal_business_name, 4, 200)) return bad('The legal business name must be 4 to 200 characters.', 'legal_business_name');
    if (!BUSINESS_TYPES.includes(String(b.business_type))) return bad('Invalid business type.', 'business_type');
    if (!str(b.contact_name, 4, 255)) return bad('The contact name must be 4 to 255 characters.', 'contact_name');
    const profile = obj(b.profile);
    if (!str(profile.category) || !str(profile.subcategory)) return bad('The category and subcategory are required.', 'profile.category');
    const registered = obj(obj(profile.addresses).registered);
    for (const f of ['street1', 'city', 'state', 'country']) if (!str(registered[f], 1, 100)) return bad(`The registered address ${f} is required.`, `profile.addresses.registered.${f}`);
    if (!/^\d{6}$/.test(String(registered.postal_code ?? ''))) return bad('The postal code must be 6 digits.', 'profile.addresses.registered.postal_code');
    const legal = obj(b.legal_info);
    if (!PAN.test(String(legal.pan ?? ''))) return bad('Invalid PAN.', 'legal_info.pan');
    if (legal.gst !== undefined && !/^\d{2}[A-Z0-9]{13}$/.test(String(legal.gst))) return bad('Invalid GSTIN.', 'legal_info.gst');
    if (b.reference_id !== undefined && !str(b.reference_id, 1, 20)) return bad('The reference id can have at most 20 characters.', 'reference_id');
    const taken = [...accounts.values()].find((a) => a.email === String(b.email).toLowerCase());
    if (taken) return bad(`Merchant email already exists for account - ${taken.id}`, 'email');
    const a: RouteAccountRecord = { id: rid('acc'), type: 'route', status: 'created', email: String(b.email).toLowerCase(), reference_id: (b.reference_id as string) ?? null, body: b };
    accounts.set(a.id, a);
    return { status: 200, body: { id: a.id, type: a.type, status: a.status, email: a.email, reference_id: a.reference_id, legal_business_name: b.legal_business_name, business_type: b.business_type, created_at: Math.floor(Date.now() / 1000) } };
  }

  function createStakeholder(accountId: string, b: Record<string, unknown>): Answer {
    if (!accounts.has(accountId)) return bad('Linked account does not exist');
    if (!str(b.name, 1, 255)) return bad('The name field is required.', 'name');
    if (!str(b.email, 3, 132)) return bad('The email field is required.', 'email');
    const pan = obj(b.kyc).pan;
    if (pan !== undefined && !PAN.test(String(pan))) return bad('Invalid PAN.', 'kyc.pan');
    const s: RouteStakeholderRecord = { id: rid('sth'), entity: 'stakeholder', account_id: accountId, body: b };
    stakeholders.push(s);
    return { status: 200, body: { id: s.id, entity: s.entity, name: b.name, email: b.email } };
  }

  function requestProduct(accountId: string, b: Record<string, unknown>): Answer {
    if (!accounts.has(accountId)) return bad('Linked account does not exist');
    if (b.product_name !== 'route') return bad('product_name must be route', 'product_name');
    if (b.tnc_accepted !== true) return bad('The terms and conditions must be accepted.', 'tnc_accepted');
    if ([...products.values()].some((p) => p.account_id === accountId)) return bad('The route product is already requested for this account.', 'product_name');
    const p: RouteProductRecord = {
      id: rid('acc_prd'), account_id: accountId, product_name: 'route', activation_status: 'requested', active_configuration: {}, tnc: { accepted: true },
      requirements: ['settlements.account_number', 'settlements.ifsc_code', 'settlements.beneficiary_name'].map((f) => ({ field_reference: f, resolution_url: `/accounts/${accountId}/products`, reason_code: 'field_missing', status: 'required' })),
    };
    products.set(p.id, p);
    return { status: 200, body: p };
  }

  function updateSettlements(accountId: string, productId: string, b: Record<string, unknown>): Answer {
    const p = products.get(productId);
    if (!p || p.account_id !== accountId) return bad('The product does not exist for this account');
    const s = obj(b.settlements);
    if (!/^\d{5,20}$/.test(String(s.account_number ?? ''))) return bad('Invalid account number.', 'settlements.account_number');
    if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(String(s.ifsc_code ?? ''))) return bad('Invalid IFSC.', 'settlements.ifsc_code');
    if (!str(s.beneficiary_name, 1, 120)) return bad('The beneficiary name is required.', 'settlements.beneficiary_name');
    p.active_configuration = { settlements: { account_number: String(s.account_number), ifsc_code: String(s.ifsc_code), beneficiary_name: String(s.beneficiary_name) } };
    p.requirements = [];
    p.activation_status = state.activation;
    if (autoActivation && p.activation_status !== 'activated') activateLater(p.account_id, autoActivation);
    return { status: 200, body: p };
  }

  function productEvent(accountId: string, status: string, requirements: { field_reference: string; reason_code: string }[] = []): [string, object] {
    const p = [...products.values()].find((x) => x.account_id === accountId);
    if (!p) throw new Error(`no route product for ${accountId}`);
    p.activation_status = status;
    p.requirements = requirements.map((r) => ({ ...r, resolution_url: `/accounts/${accountId}/products/${p.id}`, status: 'required' }));
    return [`product.route.${status}`, {
      merchant_product: { entity: { id: p.id, merchant_id: accountId, activation_status: status }, data: { requirements: p.requirements } },
    }];
  }

  /** Razorpay's delivery: the event envelope, signed over the raw body, retried while our server answers 5xx. */
  function activateLater(accountId: string, to: { url: string; afterMs: number }, tries = 10) {
    setTimeout(() => {
      const [event, payload] = productEvent(accountId, 'activated');
      const body = JSON.stringify({ entity: 'event', account_id: accountId, event, contains: ['merchant_product'], payload, created_at: Math.floor(Date.now() / 1000) });
      const headers = {
        'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', webhookSecret).update(body).digest('hex'), 'x-razorpay-event-id': rid('evt'),
      };
      fetch(to.url, { method: 'POST', headers, body }).then((res) => {
        delivered.push({ event, accountId, status: res.status });
        if (res.status >= 500 && tries > 1) activateLater(accountId, to, tries - 1);
      }, () => (tries > 1 ? activateLater(accountId, to, tries - 1) : undefined));
    }, to.afterMs).unref();
  }

  function route(method: string, path: string, b: Record<string, unknown>): Answer | null {
    if (method === 'POST' && path === '/v2/accounts') return createAccount(b);
    const m = /^\/v2\/accounts\/([^/]+)\/(stakeholders|products)(?:\/([^/]+))?\/?$/.exec(path);
    if (!m) return null;
    const [, accountId, what, productId] = m as unknown as [string, string, string, string | undefined];
    if (method === 'POST' && what === 'stakeholders' && !productId) return createStakeholder(accountId, b);
    if (method === 'POST' && what === 'products' && !productId) return requestProduct(accountId, b);
    if (method === 'PATCH' && what === 'products' && productId) return updateSettlements(accountId, productId, b);
    if (method === 'GET' && what === 'products' && productId) {
      const p = products.get(productId);
      return p && p.account_id === accountId ? { status: 200, body: p } : bad('The product does not exist for this account');
    }
    return null;
  }

  return {
    accounts, stakeholders, products, state, writes,
    /** Answers a Route call (after the server checked basic auth), or null when the path is not one of these. */
    answer(method: string, path: string, body: Record<string, unknown>, headers: Record<string, string | string[] | undefined>): Answer | null {
      if (!path.startsWith('/v2/accounts')) return null;
      if (method === 'GET') return route(method, path, body);
      const key = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : null;
      if (!key) return bad('The Idempotency-Key header is required for this request.', 'Idempotency-Key');
      const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const scoped = `${method} ${path} ${key}`;
      const earlier = keys.get(scoped);
      writes.push({ method, path, key, replayed: earlier !== undefined });
      if (earlier) return earlier.hash === hash ? earlier.answer : bad('Different request body sent for the same Idempotency-Key.', 'Idempotency-Key');
      const made = route(method, path, body);
      if (!made) return null;
      // A refusal is not kept against the key: the same request may be sent again once it is right.
      if (made.status === 200) keys.set(scoped, { hash, answer: made });
      if (made.status === 200 && state.loseAnswers > 0) {
        state.loseAnswers -= 1;
        return { status: 500, body: { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } } };
      }
      return made;
    },
    /** The product of a linked account moves to `status` (with requirements, for needs_clarification); the webhook to deliver. */
    productEvent,
    /** From now on a product whose settlements are set activates `afterMs` later by a signed webhook posted to `url` (null: no more). */
    autoActivate(url: string | null, afterMs = 300) {
      autoActivation = url ? { url, afterMs } : null;
    },
    delivered,
  };
}
export type RouteAccountsStandIn = ReturnType<typeof routeAccountsStandIn>;
