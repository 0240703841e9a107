import type { RouteAccountRequest } from '../../db/schema.ts';
import { gatewayCaller, type Fetch, type RazorpayKeys } from './razorpay.ts';

/**
 * Razorpay Route's linked-account calls (decision record 018): the account, its stakeholder, the Route product
 * and the product's settlement bank account. Basic auth like every other call; each write carries our
 * `Idempotency-Key`, the same on every retry of the same step, so a retry after a lost answer makes nothing twice.
 * The bodies never reach a log: they hold the PAN and the bank account number.
 */

/** What the account and its stakeholder are created from (kept on the intent row until they are made). */
export type RouteAccountDetails = RouteAccountRequest;
export interface RouteSettlements { accountNumber: string; ifsc: string; beneficiaryName: string }

export interface RouteAccount { id: string; status: string }
export interface RouteStakeholder { id: string }
export interface RouteRequirement { field_reference?: string; reason_code?: string; status?: string }
export interface RouteProduct { id: string; activation_status: string; requirements?: RouteRequirement[] }

export function routeAccountsClient(keys: RazorpayKeys, fetchImpl: Fetch = fetch) {
  const call = gatewayCaller(keys, fetchImpl);
  const account = (id: string) => `/v2/accounts/${encodeURIComponent(id)}`;
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
      call<RouteProduct>('PATCH', `${account(accountId)}/products/${encodeURIComponent(productId)}`, {
        settlements: { account_number: s.accountNumber, ifsc_code: s.ifsc, beneficiary_name: s.beneficiaryName }, tnc_accepted: true,
      }, key),
  };
}

export type RouteAccountsApi = ReturnType<typeof routeAccountsClient>;
