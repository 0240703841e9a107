import { GatewayError, gatewayCaller, type Fetch } from '../payments/service.ts';

/**
 * The Razorpay Route calls that move a vendor's money (decision record 019): transfers from a captured payment
 * (`POST /v1/payments/{id}/transfers`, listed back by `GET` for a retry after a lost answer), the hold's release
 * (`PATCH /v1/transfers/{id}`), and reversals (`POST|GET /v1/transfers/{id}/reversals`). Basic auth, paise.
 */
export interface RouteKeys { keyId: string; keySecret: string; apiUrl: string }

export interface RouteTransfer {
  id: string; entity: 'transfer'; status: string; source: string; recipient: string; amount: number; currency: string;
  amount_reversed?: number; on_hold: boolean; notes?: Record<string, string> | unknown[];
}
export interface RouteReversal { id: string; entity: 'reversal'; transfer_id: string; amount: number; notes?: Record<string, string> | unknown[] }
interface Collection<T> { items: T[] }

export function routeClient(keys: RouteKeys, fetchImpl: Fetch = fetch) {
  const call = gatewayCaller(keys, fetchImpl);
  const enc = encodeURIComponent;
  return {
    /** One transfer of a captured payment to a linked account, held until we release it. */
    async transferFromPayment(paymentId: string, t: { account: string; amount: number; notes: Record<string, string> }) {
      const made = await call<Collection<RouteTransfer>>('POST', `/v1/payments/${enc(paymentId)}/transfers`, {
        transfers: [{ account: t.account, amount: t.amount, currency: 'INR', notes: t.notes, on_hold: true }],
      });
      const first = made.items[0];
      if (!first) throw new GatewayError(502);
      return first;
    },
    transfersOfPayment: async (paymentId: string) => (await call<Collection<RouteTransfer>>('GET', `/v1/payments/${enc(paymentId)}/transfers`)).items,
    releaseHold: (transferId: string) => call<RouteTransfer>('PATCH', `/v1/transfers/${enc(transferId)}`, { on_hold: false }),
    reverse: (transferId: string, amount: number, notes: Record<string, string>) =>
      call<RouteReversal>('POST', `/v1/transfers/${enc(transferId)}/reversals`, { amount, notes }),
    reversalsOf: async (transferId: string) => (await call<Collection<RouteReversal>>('GET', `/v1/transfers/${enc(transferId)}/reversals`)).items,
  };
}
export type RouteClient = ReturnType<typeof routeClient>;

/** Our row id in a gateway object's notes (a retry adopts the object an earlier attempt made). */
export const intentOf = (o: { notes?: Record<string, string> | unknown[] }) => (o.notes && !Array.isArray(o.notes) ? o.notes.intent : undefined);
