import { GatewayError, gatewayCaller, type Fetch, type GatewayKeys } from './call.ts';

/**
 * The one client of Razorpay Route, the gateway's marketplace API: the vendor's linked account, its stakeholder,
 * the Route product and its settlement bank account (decision record 018), then the transfers of a vendor's share
 * from a captured payment, the release of their hold and their reversals (decision record 019); and what Route's
 * webhooks say, read from their bodies. Basic auth and paise like every other call. A linked-account write carries
 * our `Idempotency-Key`, the same on every retry of the same step; a transfer or reversal carries our row id in its
 * notes, so a retry after a lost answer adopts what an earlier attempt made. The linked-account bodies never reach
 * a log: they hold the PAN and the bank account number.
 *
 * The modules call it (payouts: linked accounts; transfers: money); the flows compose them.
 */

// ---- linked accounts --------------------------------------------------------------------------------------------

/** What Route's linked account and stakeholder are created from (decision record 018); no bank account number. */
export interface RouteAccountRequest {
  email: string; phone: string; legalBusinessName: string; businessType: string; contactName: string;
  pan: string; gstin: string | null; referenceId: string; category: string; subcategory: string;
  address: { street1: string; street2: string; city: string; state: string; postalCode: string };
}

/** What the account and its stakeholder are created from (kept on the intent row until they are made). */
export type RouteAccountDetails = RouteAccountRequest;
export interface RouteSettlements { accountNumber: string; ifsc: string; beneficiaryName: string }

export interface RouteAccount { id: string; status: string }
export interface RouteStakeholder { id: string }
export interface RouteRequirement { field_reference?: string; reason_code?: string; status?: string }
export interface RouteProduct { id: string; activation_status: string; requirements?: RouteRequirement[] }

// ---- transfers --------------------------------------------------------------------------------------------------

export interface RouteTransfer {
  id: string; entity: 'transfer'; status: string; source: string; recipient: string; amount: number; currency: string;
  amount_reversed?: number; on_hold: boolean; notes?: Record<string, string> | unknown[];
}
export interface RouteReversal { id: string; entity: 'reversal'; transfer_id: string; amount: number; notes?: Record<string, string> | unknown[] }
interface Collection<T> { items: T[] }

export function routeClient(keys: GatewayKeys, fetchImpl: Fetch = fetch) {
  const call = gatewayCaller(keys, fetchImpl);
  const enc = encodeURIComponent;
  const account = (id: string) => `/v2/accounts/${enc(id)}`;
  return {
    /** `POST /v2/accounts`, type `route`. */
    createAccount: (d: RouteAccountDetails, key: string) => call<RouteAccount>('POST', '/v2/accounts', {
      email: d.email, phone: d.phone, type: 'route', reference_id: d.referenceId,
      legal_business_name: d.legalBusinessName, business_type: d.businessType, contact_name: d.contactName,
      profile: {
        category: d.category, subcategory: d.subcategory,
        addresses: { registered: { street1: d.address.street1, ...(d.address.street2 ? { street2: d.address.street2 } : {}), city: d.address.city, state: d.address.state, postal_code: d.address.postalCode, country: 'IN' } },
      },
      legal_info: { pan: d.pan, ...(d.gstin ? { gst: d.gstin } : {}) },
    }, key),
    /** `POST /v2/accounts/{id}/stakeholders`: the person who signs for the business, with the PAN. */
    createStakeholder: (accountId: string, d: RouteAccountDetails, key: string) => call<RouteStakeholder>('POST', `${account(accountId)}/stakeholders`, {
      name: d.contactName, email: d.email, phone: { primary: d.phone },
      addresses: { residential: { street: d.address.street1, city: d.address.city, state: d.address.state, postal_code: d.address.postalCode, country: 'IN' } },
      kyc: { pan: d.pan },
    }, key),
    /** `POST /v2/accounts/{id}/products`: the Route product, terms accepted. */
    requestProduct: (accountId: string, key: string) =>
      call<RouteProduct>('POST', `${account(accountId)}/products`, { product_name: 'route', tnc_accepted: true }, key),
    /** `PATCH /v2/accounts/{id}/products/{product_id}`: the bank account settlements go to. */
    updateSettlements: (accountId: string, productId: string, s: RouteSettlements, key: string) =>
      call<RouteProduct>('PATCH', `${account(accountId)}/products/${enc(productId)}`, {
        settlements: { account_number: s.accountNumber, ifsc_code: s.ifsc, beneficiary_name: s.beneficiaryName }, tnc_accepted: true,
      }, key),

    /** `POST /v1/payments/{id}/transfers`: one transfer of a captured payment to a linked account, held until we release it. */
    async transferFromPayment(paymentId: string, t: { account: string; amount: number; notes: Record<string, string> }) {
      const made = await call<Collection<RouteTransfer>>('POST', `/v1/payments/${enc(paymentId)}/transfers`, {
        transfers: [{ account: t.account, amount: t.amount, currency: 'INR', notes: t.notes, on_hold: true }],
      });
      const first = made.items[0];
      if (!first) throw new GatewayError(502);
      return first;
    },
    /** `GET /v1/payments/{id}/transfers`: a retry after a lost answer, and the console's comparison with the gateway. */
    transfersOfPayment: async (paymentId: string) => (await call<Collection<RouteTransfer>>('GET', `/v1/payments/${enc(paymentId)}/transfers`)).items,
    /** `PATCH /v1/transfers/{id}`: the hold's release. */
    releaseHold: (transferId: string) => call<RouteTransfer>('PATCH', `/v1/transfers/${enc(transferId)}`, { on_hold: false }),
    /** `POST /v1/transfers/{id}/reversals`. */
    reverse: (transferId: string, amount: number, notes: Record<string, string>) =>
      call<RouteReversal>('POST', `/v1/transfers/${enc(transferId)}/reversals`, { amount, notes }),
    reversalsOf: async (transferId: string) => (await call<Collection<RouteReversal>>('GET', `/v1/transfers/${enc(transferId)}/reversals`)).items,
  };
}
export type RouteClient = ReturnType<typeof routeClient>;

/** Our row id in a gateway object's notes (a retry adopts the object an earlier attempt made). */
export const intentOf = (o: { notes?: Record<string, string> | unknown[] }) => (o.notes && !Array.isArray(o.notes) ? o.notes.intent : undefined);

// ---- webhooks (their signature is checked by the payments module, which receives them all) -------------------------

/** A webhook's body as the payments module hands it on (its signature checked, its JSON parsed). */
export type WebhookBody = { event?: string; payload?: object };

/** The fields of Route's webhooks that we read. */
interface RouteWebhookEvent {
  event?: string;
  account_id?: string;
  payload?: {
    merchant_product?: { entity?: { id?: string; merchant_id?: string; activation_status?: string }; data?: { requirements?: RouteRequirement[] } | unknown[] };
    transfer?: { entity?: { id?: string; recipient_settlement_id?: string | null } };
    settlement?: { entity?: { id?: string; transfer_id?: string } };
  };
}

/** A linked account's Route product changed (`product.route.*`: activated, under_review, needs_clarification…). */
export interface RouteProductEvent { routeAccountId: string; activationStatus: string; requirements?: RouteRequirement[] | undefined }

/** What a `product.route.*` event says, or null when it names no account or no status. */
export function routeProductEventOf(body: WebhookBody): RouteProductEvent | null {
  const event = body as RouteWebhookEvent;
  const product = event.payload?.merchant_product;
  const routeAccountId = product?.entity?.merchant_id ?? event.account_id;
  const activationStatus = product?.entity?.activation_status ?? event.event?.slice('product.route.'.length);
  if (!routeAccountId || !activationStatus) return null;
  const requirements = product?.data && !Array.isArray(product.data) ? product.data.requirements : undefined;
  return { routeAccountId, activationStatus, requirements };
}

/** What `transfer.processed`, `transfer.failed` and `settlement.processed` say of one of our transfers. */
export type RouteTransferEvent =
  | { event: 'transfer.processed'; transferId: string; settlementId: string | null }
  | { event: 'transfer.failed'; transferId: string }
  | { event: 'settlement.processed'; transferId: string; settlementId: string };

/** A transfer or settlement event's transfer (and settlement, once known), or null when it names none. */
export function routeTransferEventOf(body: WebhookBody): RouteTransferEvent | null {
  const event = body as RouteWebhookEvent;
  const transfer = event.payload?.transfer?.entity;
  if (event.event === 'transfer.processed' && transfer?.id) return { event: event.event, transferId: transfer.id, settlementId: transfer.recipient_settlement_id ?? null };
  if (event.event === 'transfer.failed' && transfer?.id) return { event: event.event, transferId: transfer.id };
  if (event.event === 'settlement.processed') {
    const transferId = transfer?.id ?? event.payload?.settlement?.entity?.transfer_id;
    const settlementId = transfer?.recipient_settlement_id ?? event.payload?.settlement?.entity?.id;
    if (transferId && settlementId) return { event: event.event, transferId, settlementId };
  }
  return null;
}
