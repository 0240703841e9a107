import { z } from 'zod';

/**
 * The vendor's earnings (decision record 019): one entry per order line or booking that carries money, with what
 * the customer paid for it (`grossPaise`), the platform's commission, what is the vendor's (`netPaise`) and where
 * that money is now.
 *  - `awaiting_account`: paid online, but the vendor has no activated payout account: payable on our ledger.
 *  - `payable`: the transfer to the vendor's account is being made.
 *  - `on_hold`: transferred, held until the line is delivered (or `holdUntil`).
 *  - `released`: the hold was released; the gateway settles it to the vendor's bank.
 *  - `transferred`: settled to the vendor's bank.
 *  - `reversed`: refunded to the customer; the vendor's share was taken back.
 *  - `owed`: a cash sale: the vendor holds the money and owes the commission (netted from online transfers).
 */
export const EARNING_STATES = ['awaiting_account', 'payable', 'on_hold', 'released', 'transferred', 'reversed', 'owed'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

export const ZEarning = z.object({
  kind: z.enum(['line', 'booking']),
  id: z.string(),
  orderId: z.string().nullable(),
  title: z.string(),
  date: z.string(),
  paymentMethod: z.string(),
  grossPaise: z.number().int(),
  commissionPaise: z.number().int(),
  netPaise: z.number().int(),
  state: z.enum(EARNING_STATES),
  holdUntil: z.string().nullable(),
});
export type Earning = z.infer<typeof ZEarning>;

export const ZEarnings = z.object({
  entries: z.array(ZEarning),
  /** This calendar month (India time), over the entries above. */
  month: z.object({ label: z.string(), grossPaise: z.number().int(), commissionPaise: z.number().int(), netPaise: z.number().int() }),
  /** Commission on cash sales the vendor still owes (netted from their next online transfers). */
  cashCommissionOwedPaise: z.number().int(),
});
export type Earnings = z.infer<typeof ZEarnings>;

export const ZEarningsQuery = z.object({ format: z.enum(['json', 'csv']).optional() });

export const EARNING_STATE_LABELS: Record<EarningState, string> = {
  awaiting_account: 'Awaiting payout account',
  payable: 'Being transferred',
  on_hold: 'On hold',
  released: 'Released',
  transferred: 'Transferred',
  reversed: 'Reversed',
  owed: 'Commission owed',
};
