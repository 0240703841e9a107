import { createHmac, randomBytes } from 'node:crypto';

/**
 * The Razorpay Route part of the stand-in (hooked into `razorpayStandIn` in stand-in.ts): transfers from a
 * captured payment (`POST|GET /v1/payments/{id}/transfers`, amounts in paise, to an `acc_…` linked account, never
 * more in total than the payment), the hold (`PATCH /v1/transfers/{id}` with `on_hold`), and reversals
 * (`POST|GET /v1/transfers/{id}/reversals`, never more than what is left of the transfer).
 * `state.down` answers every Route call 503 without applying it; `state.loseAnswers = n` applies the next n calls
 * but drops their answers (the connection closes, as after a timeout). `webhook()` signs transfer and settlement
 * events with the webhook secret. `instant` (development) makes transfers `processed` at once, as no webhook comes.
 */
export interface RouteTransfer {
  id: string; entity: 'transfer'; status: string; source: string; recipient: string; amount: number; currency: 'INR';
  amount_reversed: number; notes: Record<string, string>; on_hold: boolean; on_hold_until: number | null;
  recipient_settlement_id: string | null; created_at: number;
}
export interface RouteReversal { id: string; entity: 'reversal'; transfer_id: string; amount: number; currency: 'INR'; notes: Record<string, string>; created_at: number }

type Answer = { status: number; body: object } | 'drop';
const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const fail = (status: number, description: string): Answer => ({ status, body: { error: { code: 'BAD_REQUEST_ERROR', description } } });

export function routeTransfers(payments: Map<string, { id: string; amount: number; status: string }>, webhookSecret: string, opts: { instant: boolean } = { instant: false }) {
  const transfers = new Map<string, RouteTransfer>();
  const reversals: RouteReversal[] = [];
  const state = { down: false, loseAnswers: 0 };
  const collection = (items: object[]) => ({ entity: 'collection', count: items.length, items });

  function createTransfers(paymentId: string, body: Record<string, unknown>): Answer {
    const payment = payments.get(paymentId);
    if (!payment || payment.status !== 'captured') return fail(400, 'The payment is not captured');
    const asked = Array.isArray(body.transfers) ? body.transfers as Record<string, unknown>[] : null;
    if (!asked || asked.length === 0) return fail(400, 'The transfers field is required');
    const already = [...transfers.values()].filter((t) => t.source === paymentId && t.status !== 'failed').reduce((s, t) => s + t.amount, 0);
    let total = 0;
    for (const t of asked) {
      if (typeof t.account !== 'string' || !/^acc_\w+$/.test(t.account)) return fail(400, 'The account id is invalid');
      if (!Number.isInteger(t.amount) || (t.amount as number) < 100) return fail(400, 'The amount must be at least INR 1.00');
      if (t.currency !== 'INR') return fail(400, 'The currency is invalid');
      total += t.amount as number;
    }
    if (already + total > payment.amount) return fail(400, 'The sum of transfer amounts is more than the payment amount');
    const made = asked.map((t): RouteTransfer => ({
      id: rid('trf'), entity: 'transfer', status: opts.instant ? 'processed' : 'pending', source: paymentId, recipient: t.account as string, amount: t.amount as number,
      currency: 'INR', amount_reversed: 0, notes: (t.notes ?? {}) as Record<string, string>, on_hold: t.on_hold === true,
      on_hold_until: typeof t.on_hold_until === 'number' ? t.on_hold_until : null, recipient_settlement_id: null, created_at: now(),
    }));
    for (const t of made) transfers.set(t.id, t);
    return { status: 200, body: collection(made) };
  }

  function reverse(t: RouteTransfer, body: Record<string, unknown>): Answer {
    const amount = body.amount === undefined ? t.amount - t.amount_reversed : body.amount;
    if (!Number.isInteger(amount) || (amount as number) < 1 || t.amount_reversed + (amount as number) > t.amount) return fail(400, 'The reversal amount is more than what is left of the transfer');
    const rev: RouteReversal = { id: rid('rvrsl'), entity: 'reversal', transfer_id: t.id, amount: amount as number, currency: 'INR', notes: (body.notes ?? {}) as Record<string, string>, created_at: now() };
    reversals.push(rev);
    t.amount_reversed += rev.amount;
    t.status = t.amount_reversed === t.amount ? 'reversed' : 'partially_reversed';
    return { status: 200, body: rev };
  }

  /** The answer to a Route call, applied; null when the path is not Route's. */
  function apply(method: string, ofPayment: RegExpExecArray | null, ofTransfer: RegExpExecArray | null, body: Record<string, unknown>): Answer {
    if (ofPayment) {
      const id = decodeURIComponent(ofPayment[1]!);
      if (method === 'GET') return { status: 200, body: collection([...transfers.values()].filter((t) => t.source === id)) };
      return method === 'POST' ? createTransfers(id, body) : fail(404, 'not found');
    }
    const t = transfers.get(decodeURIComponent(ofTransfer![1]!));
    if (!t) return fail(400, 'The id provided does not exist');
    if (ofTransfer![2]) {
      if (method === 'GET') return { status: 200, body: collection(reversals.filter((x) => x.transfer_id === t.id)) };
      return method === 'POST' ? reverse(t, body) : fail(404, 'not found');
    }
    if (method === 'PATCH') {
      if (typeof body.on_hold !== 'boolean') return fail(400, 'on_hold is required');
      t.on_hold = body.on_hold;
      if (!t.on_hold) t.on_hold_until = null;
      return { status: 200, body: t };
    }
    return method === 'GET' ? { status: 200, body: t } : fail(404, 'not found');
  }

  /** Answers a Route call (`drop` when its answer is to be lost); null when the path is not Route's. */
  function handle(method: string, path: string, body: Record<string, unknown>): Answer | null {
    const ofPayment = /^\/v1\/payments\/([^/]+)\/transfers$/.exec(path);
    const ofTransfer = /^\/v1\/transfers\/([^/]+)(\/reversals)?$/.exec(path);
    if (!ofPayment && !ofTransfer) return null;
    if (state.down) return fail(503, 'Service unavailable');
    const lose = method !== 'GET' && state.loseAnswers > 0;
    if (lose) state.loseAnswers--;
    const answer = apply(method, ofPayment, ofTransfer, body);
    return lose ? 'drop' : answer;
  }

  return {
    transfers, reversals, state, handle,
    /** What the gateway holds for a linked account: transferred less reversed, and the part still on hold. */
    netTo(account: string) {
      const of = [...transfers.values()].filter((t) => t.recipient === account && t.status !== 'failed');
      return { net: of.reduce((s, t) => s + t.amount - t.amount_reversed, 0), held: of.filter((t) => t.on_hold).reduce((s, t) => s + t.amount - t.amount_reversed, 0), count: of.length };
    },
    /** A signed transfer or settlement webhook, as Razorpay sends it. */
    webhook(event: 'transfer.processed' | 'transfer.failed' | 'settlement.processed', transferId: string, eventId = rid('evt')) {
      const t = transfers.get(transferId)!;
      if (event === 'transfer.processed') t.status = 'processed';
      if (event === 'transfer.failed') t.status = 'failed';
      if (event === 'settlement.processed') t.recipient_settlement_id = rid('setl');
      const payload = event === 'settlement.processed'
        ? { settlement: { entity: { id: t.recipient_settlement_id, entity: 'settlement', amount: t.amount - t.amount_reversed, status: 'processed', transfer_id: t.id } } }
        : { transfer: { entity: t } };
      const body = JSON.stringify({ entity: 'event', account_id: 'acc_local', event, contains: Object.keys(payload), payload, created_at: now() });
      return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', webhookSecret).update(body).digest('hex'), 'x-razorpay-event-id': eventId } };
    },
  };
}
