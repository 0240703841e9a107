/** The gateway answered with an error, or could not be reached. The message is ours, never the gateway's body. */
export class GatewayError extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'Razorpay could not be reached' : `Razorpay answered ${status}`);
  }
}

export type Fetch = (url: URL, init: RequestInit) => Promise<Response>;

/** What every Razorpay call authenticates with, and where it goes. */
export interface GatewayKeys { keyId: string; keySecret: string; apiUrl: string }

/**
 * One authenticated call to Razorpay (basic auth key_id:key_secret, JSON, 10 s): a network failure or a non-2xx
 * answer is a GatewayError carrying only the status. Orders and payments (modules/payments) and Route
 * (./route.ts) all call through it.
 */
export function gatewayCaller(keys: GatewayKeys, fetchImpl: Fetch = fetch) {
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  return async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: object, idempotencyKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(new URL(path, keys.apiUrl), {
        method,
        headers: {
          authorization: auth,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new GatewayError(null);
    }
    if (!res.ok) throw new GatewayError(res.status);
    return (await res.json()) as T;
  };
}
